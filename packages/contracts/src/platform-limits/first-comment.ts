import type { PlatformKey } from '../platforms';
import { text } from './table-parts';
import { checkText } from './text-checks';
import type { Breach, TextLimits } from './types';

/**
 * The first comment each platform takes under a post Fanout published, and what it allows in it; null where the
 * platform has no API to comment (TikTok's Content Posting API has none). The endpoints: YouTube
 * commentThreads.insert (textOriginal), Instagram POST /{ig-media-id}/comments (message), Facebook POST
 * /{object-id}/comments (message), X POST /2/tweets with reply.in_reply_to_tweet_id (the reply counts as a post:
 * 280 weighted), Reddit POST /api/comment (text). The lengths other than X's are the platforms' published comment
 * limits, which the reference document does not list: YouTube 10,000 characters, Instagram 2,200 (as its caption),
 * Facebook 8,000, Reddit 10,000.
 */
export const FIRST_COMMENT_LIMITS: Readonly<Record<PlatformKey, TextLimits | null>> = {
  youtube: text('comment', 10_000, 'codePoints'),
  instagram: text('comment', 2_200, 'utf16'),
  facebook: text('comment', 8_000, 'utf16'),
  x: text('reply', 280, 'xWeighted'),
  reddit: text('comment', 10_000, 'codePoints'),
  tiktok: null,
};

/** Whether the platform takes a first comment at all. */
export const takesFirstComment = (platform: PlatformKey) => FIRST_COMMENT_LIMITS[platform] !== null;

/** Every rule of the platform that this first comment breaks; an absent or blank one breaks none. */
export function checkFirstComment(platform: PlatformKey, name: string, value: string | undefined): Breach[] {
  if (value === undefined || value.trim() === '') return [];
  const limits = FIRST_COMMENT_LIMITS[platform];
  if (!limits) {
    const message = `${name} has no API to post a comment: leave the first comment empty.`;
    return [{ field: 'firstComment', rule: 'firstComment.unsupported', message }];
  }
  return checkText('firstComment', name, limits, value);
}
