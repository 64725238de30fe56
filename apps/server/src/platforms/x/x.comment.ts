import { COMMENT_LOOKUP_PAGES, sameCommentText } from '../comment-match';
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

interface Timeline {
  data?: { id?: string; text?: string; referenced_tweets?: { type?: string; id?: string }[] }[];
  meta?: { next_token?: string };
}

/**
 * The account's reply with this text to its post, read back from its own timeline: GET /2/users/{id}/tweets
 * (getUsersPosts; tweet.read and users.read, which every connection has) with `tweet.fields=referenced_tweets`,
 * newest first, replies included. The reply is the one that `replied_to` the post. Null when none is there.
 */
export async function findXReply(
  http: XHttp,
  account: ConnectedAccount,
  postId: string,
  text: string,
): Promise<PostedComment | null> {
  const userId = account.extra.userId ?? account.accountId;
  let token: string | undefined;
  for (let page = 0; page < COMMENT_LOOKUP_PAGES; page++) {
    const answer = await http.json<Timeline>('comments', `${X_API}/users/${userId}/tweets`, {
      headers: bearer(account.accessToken),
      query: { 'tweet.fields': 'referenced_tweets', max_results: 100, ...(token ? { pagination_token: token } : {}) },
    });
    const reply = (answer.data ?? []).find(
      (p) =>
        p.referenced_tweets?.some((r) => r.type === 'replied_to' && r.id === postId) && sameCommentText(p.text, text),
    );
    if (reply?.id) return { commentId: reply.id, url: xPostUrl(http, account.extra.username, reply.id) };
    token = answer.meta?.next_token;
    if (!token) break;
  }
  return null;
}
