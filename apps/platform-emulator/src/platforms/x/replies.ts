import type { EmulatorContext } from '../../core/context';
import type { EmuResponse } from '../../core/http';
import { forbidden, invalidRequest } from './problems';
import { tweets } from './render';

/** CreatePostsReply's members (closed to others in X's OpenAPI). */
const REPLY_KEYS = ['auto_populate_reply_metadata', 'exclude_reply_user_ids', 'in_reply_to_tweet_id'];
/** CreatePostsReply.in_reply_to_tweet_id's pattern. */
const TWEET_ID = /^[0-9]{1,19}$/;

/**
 * POST /2/tweets `reply` (X OpenAPI: CreatePostsReply, `in_reply_to_tweet_id` required): the post it answers
 * must exist. The id of that post, undefined for a post that is not a reply, or X's refusal.
 */
export function readReply(ctx: EmulatorContext, reply: unknown): { to?: string } | EmuResponse {
  if (reply === undefined) return {};
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply))
    return invalidRequest('reply must be an object.', 'reply');
  const extra = Object.keys(reply).find((k) => !REPLY_KEYS.includes(k));
  if (extra) return invalidRequest(`The field [reply.${extra}] is not allowed.`, `reply.${extra}`);
  const to = (reply as Record<string, unknown>).in_reply_to_tweet_id;
  if (typeof to !== 'string' || !TWEET_ID.test(to))
    return invalidRequest('reply.in_reply_to_tweet_id must be a post id.', 'reply.in_reply_to_tweet_id', to);
  // X's answer to a reply to a post that is gone or hidden from the account (no such post here).
  if (!tweets(ctx).get(to))
    return forbidden('You attempted to reply to a Tweet that is deleted or not visible to you.');
  return { to };
}
