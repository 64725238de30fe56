import {
  featureLabel,
  redditCommunityViolations,
  type RedditCommunityRules,
  type RedditFlair,
} from '@fanout/contracts';
import type { PublishRequest } from '../platform-adapter';
import { PlatformError } from '../platform-error';
import { answerOf, type RedditApi } from './reddit.api';
import { REDDIT_API } from './reddit.oauth';

interface Requirements {
  is_flair_required?: unknown;
  title_text_min_length?: unknown;
  title_text_max_length?: unknown;
  title_required_strings?: unknown;
  title_blacklisted_strings?: unknown;
  guidelines_text?: unknown;
}

const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
const texts = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && s !== '') : []);

/** The community's name as Reddit's paths take it: without "r/" (`u_<name>` is the account's own profile). */
export const communityName = (sr: string) => sr.replace(/^\/?r\//i, '').trim();

/**
 * The moderators' requirements for posting in a community (`GET /api/v1/{subreddit}/post_requirements`, scope
 * `submit`), which Reddit offers "to pre-validate fields before making a request to POST /api/submit".
 */
export async function postRequirements(
  api: RedditApi,
  step: string,
  token: string,
  community: string,
): Promise<Omit<RedditCommunityRules, 'flairs' | 'reconnectFor'>> {
  const url = `${REDDIT_API}/api/v1/${encodeURIComponent(community)}/post_requirements`;
  const r = await api.call<Requirements | undefined>(step, url, token, { query: { raw_json: 1 } });
  if (typeof r !== 'object' || r === null) throw api.unrecognized(step, answerOf(r), 'no post requirements');
  return {
    community,
    flairRequired: r.is_flair_required === true,
    titleMinLength: count(r.title_text_min_length),
    titleMaxLength: count(r.title_text_max_length),
    titleRequiredStrings: texts(r.title_required_strings),
    titleBlacklistedStrings: texts(r.title_blacklisted_strings),
    guidelines: typeof r.guidelines_text === 'string' && r.guidelines_text ? r.guidelines_text : null,
  };
}

/**
 * The link flairs this account may give a post there (`GET /r/{subreddit}/api/link_flair_v2`, scope `flair`).
 * A grant made before Fanout asked for `flair` is refused them: `null`, and reconnecting allows it; any other
 * refusal (a community whose flair posters may not set) means none to choose.
 */
export async function linkFlairs(api: RedditApi, token: string, community: string): Promise<RedditFlair[] | null> {
  try {
    const url = `${REDDIT_API}/r/${encodeURIComponent(community)}/api/link_flair_v2`;
    const list = await api.call<unknown>('flairs', url, token, { query: { raw_json: 1 } });
    if (!Array.isArray(list)) throw api.unrecognized('flairs', answerOf(list), 'a flair list that is not a list');
    // A flair only moderators may set is not offered to a poster.
    return (list as { id?: unknown; text?: unknown; mod_only?: unknown }[])
      .filter((f) => typeof f.id === 'string' && typeof f.text === 'string' && f.mod_only !== true)
      .map((f) => ({ id: f.id as string, text: f.text as string }));
  } catch (err) {
    if (!(err instanceof PlatformError) || err.httpStatus !== 403) throw err;
    return err.kind === 'disconnected' ? null : [];
  }
}

/** Everything the composer shows for a community: its requirements and the flairs to choose from. */
export async function communityRules(api: RedditApi, token: string, sr: string): Promise<RedditCommunityRules> {
  const community = communityName(sr);
  const [requirements, flairs] = await Promise.all([
    postRequirements(api, 'requirements', token, community),
    linkFlairs(api, token, community),
  ]);
  return { ...requirements, flairs, reconnectFor: flairs === null ? featureLabel('reddit', 'flair') : null };
}

/** The post's title on Reddit: its caption (the video's title when it has none), within Reddit's 300. */
export const submitTitle = (request: PublishRequest) => (request.post.caption || request.post.title).slice(0, 300);

/**
 * Before any byte is uploaded: the community's requirements that the post breaks, refused in their own words
 * (a missing flair where one is required, a title too short …). A community Reddit does not know (404) is left
 * to the submit, which names it in Reddit's words.
 */
export async function checkCommunityRequirements(api: RedditApi, request: PublishRequest): Promise<void> {
  const sr = request.post.options.subreddit;
  if (typeof sr !== 'string' || !sr) return;
  let requirements: Awaited<ReturnType<typeof postRequirements>>;
  try {
    requirements = await postRequirements(api, 'requirements', request.account.accessToken, communityName(sr));
  } catch (err) {
    if (err instanceof PlatformError && err.httpStatus === 404) return;
    throw err;
  }
  const flairId = typeof request.post.options.flairId === 'string' ? request.post.options.flairId : null;
  const broken = redditCommunityViolations(
    { ...requirements, flairs: null, reconnectFor: null },
    { title: submitTitle(request), flairId },
  );
  if (!broken.length) return;
  const words = broken.map((v) => v.message).join(' ');
  throw api.error('rejected', 'requirements', words, { platformCode: broken[0]!.rule, platformMessage: words });
}
