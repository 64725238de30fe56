import { z } from 'zod';
import { IdParams } from '../common';
import { RedditOptions } from './reddit.rules';
import { codePointLength } from './text-count';
import type { PlatformViolation } from './types';

/** A link flair a poster may choose in a community (link_flair_v2): its id is what a post sends as `flairId`. */
export const RedditFlair = z.object({ id: z.string(), text: z.string() });
export type RedditFlair = z.infer<typeof RedditFlair>;

/**
 * What a Reddit community asks of a post, read from Reddit when the person names it: its moderators'
 * post requirements (`/api/v1/{subreddit}/post_requirements`) and its link flairs (`link_flair_v2`).
 */
export const RedditCommunityRules = z
  .object({
    community: z.string().meta({ description: 'The community as named, without "r/".' }),
    flairRequired: z.boolean().meta({ description: 'Every post there needs a flair (`is_flair_required`).' }),
    flairs: z
      .array(RedditFlair)
      .nullable()
      .meta({
        description:
          'The link flairs a post may carry, by id and text; empty when the community offers none to this account; ' +
          'null when the connection was granted before Fanout asked for the `flair` scope (see `reconnectFor`).',
      }),
    reconnectFor: z.string().nullable().meta({
      description: 'What reconnecting Reddit would allow here ("choosing a flair"), when the grant lacks a scope.',
    }),
    titleMinLength: z.number().int().nullable(),
    titleMaxLength: z.number().int().nullable(),
    titleRequiredStrings: z.array(z.string()),
    titleBlacklistedStrings: z.array(z.string()),
    guidelines: z.string().nullable().meta({ description: "The moderators' posting guidelines, when they wrote any." }),
  })
  .meta({ id: 'RedditCommunityRules' });
export type RedditCommunityRules = z.infer<typeof RedditCommunityRules>;

export const RedditCommunityRulesResponse = z
  .object({ platform: z.literal('reddit'), rules: RedditCommunityRules })
  .meta({ id: 'CommunityRules' });
export type RedditCommunityRulesResponse = z.infer<typeof RedditCommunityRulesResponse>;

/** A community's name as a post names it: 3 to 21 letters, digits or underscores (RedditOptions.subreddit). */
export const CommunityParams = IdParams.extend({ name: RedditOptions.shape.subreddit });

/**
 * What a community's rules refuse in a post (its title is the caption), checked before anything is sent to
 * Reddit: by the composer as the person writes, and by the adapter just before it uploads.
 */
export function redditCommunityViolations(
  rules: RedditCommunityRules,
  post: { title: string; flairId?: string | null },
): PlatformViolation[] {
  const out: PlatformViolation[] = [];
  const at = `r/${rules.community}`;
  const add = (field: PlatformViolation['field'], rule: string, message: string) =>
    out.push({ platform: 'reddit', field, rule, message });
  const length = codePointLength(post.title);
  const lower = post.title.toLowerCase();
  if (rules.titleMinLength !== null && length < rules.titleMinLength)
    add(
      'caption',
      'community.title_min',
      `Reddit’s ${at} needs titles of at least ${rules.titleMinLength} characters; this one has ${length}.`,
    );
  if (rules.titleMaxLength !== null && length > rules.titleMaxLength)
    add(
      'caption',
      'community.title_max',
      `Reddit’s ${at} allows titles of up to ${rules.titleMaxLength} characters; this one has ${length}.`,
    );
  const missing = rules.titleRequiredStrings.filter((s) => !lower.includes(s.toLowerCase()));
  if (missing.length)
    add(
      'caption',
      'community.title_required',
      `Reddit’s ${at} needs the title to contain ${missing.map((s) => `“${s}”`).join(', ')}.`,
    );
  const banned = rules.titleBlacklistedStrings.filter((s) => lower.includes(s.toLowerCase()));
  if (banned.length)
    add(
      'caption',
      'community.title_banned',
      `Reddit’s ${at} does not allow ${banned.map((s) => `“${s}”`).join(', ')} in a title.`,
    );
  const flairs = rules.flairs ?? [];
  if (rules.flairRequired && !post.flairId)
    add('options.flairId', 'community.flair_required', `Reddit’s ${at} requires a flair on every post; choose one.`);
  else if (post.flairId && rules.flairs !== null && !flairs.some((f) => f.id === post.flairId))
    add('options.flairId', 'community.flair_unknown', `Reddit’s ${at} offers no such flair; choose one of its own.`);
  return out;
}
