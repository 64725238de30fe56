import { sameCommentText } from '../comment-match';
import type { ConnectedAccount, PostedComment } from '../platform-adapter';
import { answerOf, type RedditApi } from './reddit.api';
import { REDDIT_API } from './reddit.oauth';

interface CommentAnswer {
  json?: { data?: { things?: { kind?: string; data?: { id?: string; name?: string; permalink?: string } }[] } };
}

/**
 * The first comment on Reddit: `POST /api/comment` (scope submit) with `thing_id` the post's fullname (t3_…),
 * `text` in markdown and `api_type=json`; the answer holds the new t1 thing with its permalink.
 */
export async function postRedditComment(
  api: RedditApi,
  account: ConnectedAccount,
  postId: string,
  text: string,
): Promise<PostedComment> {
  const answer = await api.call<CommentAnswer>('comment', `${REDDIT_API}/api/comment`, account.accessToken, {
    form: { api_type: 'json', thing_id: `t3_${postId}`, text },
  });
  const thing = answer.json?.data?.things?.find((t) => t.kind === 't1')?.data;
  if (!thing?.id) throw api.unrecognized('comment', answerOf(answer), 'a comment without id');
  return { commentId: thing.id, url: thing.permalink ? api.webUrl(thing.permalink) : null };
}

type Listing = {
  data?: { children?: { kind?: string; data?: { id?: string; author?: string; body?: string; permalink?: string } }[] };
};

/**
 * The account's comment with this text under its post, read back with `GET /comments/{article}` (scope read): the
 * second Listing holds the comments; the account's is the `t1` whose author is the account's name. Null when none.
 */
export async function findRedditComment(
  api: RedditApi,
  account: ConnectedAccount,
  postId: string,
  text: string,
): Promise<PostedComment | null> {
  const answer = await api.call<Listing[]>('comments', `${REDDIT_API}/comments/${postId}`, account.accessToken, {
    query: { limit: 100, depth: 1, sort: 'new', raw_json: 1 },
  });
  if (!Array.isArray(answer)) throw api.unrecognized('comments', answerOf(answer), 'a post without its comments');
  const author = account.extra.username?.toLowerCase();
  if (!author) throw api.unrecognized('comments', undefined, 'an account without its name, to know its comments by');
  const thing = answer[1]?.data?.children?.find(
    (c) => c.kind === 't1' && c.data?.author?.toLowerCase() === author && sameCommentText(c.data?.body, text),
  )?.data;
  return thing?.id ? { commentId: thing.id, url: thing.permalink ? api.webUrl(thing.permalink) : null } : null;
}
