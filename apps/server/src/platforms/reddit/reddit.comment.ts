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
