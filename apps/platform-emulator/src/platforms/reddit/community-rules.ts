import { randomUUID } from 'node:crypto';
import type { EmulatorContext, RouteApi } from '../../core/context';
import { json } from '../../core/http';
import { findSubreddit, redditorOf } from './accounts';
import { apiRoute, httpError, type RateCounter } from './envelopes';

/**
 * What a community asks of a post, from Reddit's API documentation (reddit.com/dev/api):
 * - `GET /api/v1/{subreddit}/post_requirements` (scope `submit`): "Fetch moderator-designated requirements to
 *   post to the subreddit … Clients may use the values returned by this endpoint to pre-validate fields before
 *   making a request to POST /api/submit." Every key is answered, null or empty where the moderators set none.
 * - `GET /r/{subreddit}/api/link_flair_v2` (scope `flair`): the link flair templates a poster may choose from;
 *   their `id` is what `POST /api/submit` takes as `flair_id`.
 * r/clips requires a flair on every post (`is_flair_required`), as many real communities do.
 */
interface CommunityRules {
  flairs: string[];
  requirements: Partial<Requirements>;
}

type Requirements = typeof NO_REQUIREMENTS;

const NO_REQUIREMENTS = {
  title_regexes: [] as string[],
  body_blacklisted_strings: [] as string[],
  title_blacklisted_strings: [] as string[],
  body_text_max_length: null as number | null,
  title_required_strings: [] as string[],
  guidelines_text: null as string | null,
  gallery_min_items: null as number | null,
  domain_blacklist: [] as string[],
  domain_whitelist: [] as string[],
  title_text_max_length: null as number | null,
  body_restriction_policy: 'none',
  link_restriction_policy: 'none',
  guidelines_display_policy: null as string | null,
  body_required_strings: [] as string[],
  title_text_min_length: null as number | null,
  gallery_captions_requirement: 'none',
  is_flair_required: false,
  gallery_max_items: null as number | null,
  gallery_urls_requirement: 'none',
  body_regexes: [] as string[],
  link_repost_age: null as number | null,
  body_text_min_length: null as number | null,
};

const RULES: Record<string, CommunityRules> = {
  clips: {
    flairs: ['Tutorial', 'Behind the scenes', 'Showcase'],
    requirements: {
      is_flair_required: true,
      title_text_min_length: 10,
      guidelines_text: 'Flair every post with what kind of clip it is.',
    },
  },
  videos: { flairs: ['Music', 'Travel'], requirements: {} },
};

interface FlairTemplate {
  id: string;
  sr: string;
  text: string;
}

/** Flair template ids are made once per emulator state (a community keeps its templates' UUIDs). */
export function linkFlairs(ctx: EmulatorContext, sr: string): FlairTemplate[] {
  const store = ctx.store.collection<FlairTemplate>('reddit.flairs');
  const known = store.values().filter((t) => t.sr === sr);
  if (known.length) return known;
  return (RULES[sr]?.flairs ?? []).map((text) => {
    const id = randomUUID();
    return store.set(id, { id, sr, text });
  });
}

export function requirementsOf(sr: string): Requirements {
  return { ...NO_REQUIREMENTS, ...RULES[sr]?.requirements };
}

export function registerCommunityRules(api: RouteApi, ctx: EmulatorContext, counter: RateCounter) {
  apiRoute(
    api,
    ctx,
    counter,
    { method: 'GET', path: '/api/v1/:sr/post_requirements', step: 'requirements', scope: 'submit' },
    (req, token) => {
      const sr = findSubreddit(req.params.sr ?? '', redditorOf(token.accountId));
      return sr ? json(200, requirementsOf(sr)) : httpError(404, 'Not Found');
    },
  );
  apiRoute(
    api,
    ctx,
    counter,
    { method: 'GET', path: '/r/:sr/api/link_flair_v2', step: 'flairs', scope: 'flair' },
    (req, token) => {
      const sr = findSubreddit(req.params.sr ?? '', redditorOf(token.accountId));
      if (!sr) return httpError(404, 'Not Found');
      return json(200, linkFlairs(ctx, sr).map(renderTemplate));
    },
  );
}

/** A link flair template as link_flair_v2 lists it. */
function renderTemplate(t: FlairTemplate) {
  return {
    type: 'text',
    text_editable: false,
    allowable_content: 'all',
    text: t.text,
    max_emojis: 10,
    text_color: 'dark',
    mod_only: false,
    css_class: '',
    richtext: [],
    background_color: '',
    id: t.id,
  };
}
