import type { ConnectedAccount, PostedComment } from '../platform-adapter';
import { bearer, X_API, type XHttp } from './x.http';
import { xPostUrl } from './x.publish';

/**
 * The first comment on X is a reply by the account to its own post: POST /2/tweets with
 * `reply.in_reply_to_tweet_id` (CreatePostsReply in X's OpenAPI; tweet.write, like any post).
 */
export async function postXReply(
  http: XHttp,
  account: ConnectedAccount,
  postId: string,
  text: string,
): Promise<PostedComment> {
  const answer = await http.json<{ data?: { id?: string } }>('comment', `${X_API}/tweets`, {
    headers: bearer(account.accessToken),
    json: { text, reply: { in_reply_to_tweet_id: postId } },
  });
  const id = answer.data?.id;
  if (!id) throw http.unrecognized('comment', undefined, 'a reply without id');
  return { commentId: id, url: xPostUrl(http, account.extra.username, id) };
}
