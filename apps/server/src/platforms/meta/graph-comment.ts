import { COMMENT_LOOKUP_PAGES, sameCommentText } from '../comment-match';
import type { ConnectedAccount, PostedComment } from '../platform-adapter';
import type { GraphHttp } from './graph-http';

/**
 * A comment by the account on its own object, the same edge on both Graph hosts: Instagram `POST
 * /{ig-media-id}/comments?message=` (IG Media Comments: instagram_business_manage_comments) and Facebook `POST
 * /{object-id}/comments` with `message` and the Page token (pages_manage_engagement). The answer is the comment's
 * `id`; neither gives the comment an address of its own, so it is shown under the post's.
 */
export async function postGraphComment(
  http: GraphHttp,
  account: ConnectedAccount,
  objectId: string,
  message: string,
): Promise<PostedComment> {
  const answer = await http.graph<{ id?: string | number }>('comment', `${objectId}/comments`, account.accessToken, {
    method: 'POST',
    query: { message },
  });
  if (answer.id === undefined || answer.id === null || answer.id === '')
    throw http.unrecognized('comment', undefined, 'a comment without id');
  return { commentId: String(answer.id), url: null };
}

interface CommentPage {
  data?: { id?: string | number; text?: string; message?: string; from?: { id?: string | number } }[];
  paging?: { cursors?: { after?: string }; next?: string };
}

/**
 * The account's comment with this text under its object, read back from the same edge: `GET /{object-id}/comments`
 * with `fields=id,<text field>,from` (Instagram's IG Comment `text`, Facebook's Comment `message`), paged by its
 * `after` cursor. The comment is the account's when `from` names it (the IG user, or the Page). Null when none is.
 */
export async function findGraphComment(
  http: GraphHttp,
  account: ConnectedAccount,
  objectId: string,
  text: string,
  textField: 'text' | 'message',
): Promise<PostedComment | null> {
  let after: string | undefined;
  for (let page = 0; page < COMMENT_LOOKUP_PAGES; page++) {
    const answer = await http.graph<CommentPage>('comments', `${objectId}/comments`, account.accessToken, {
      query: { fields: `id,${textField},from`, limit: 100, ...(after ? { after } : {}) },
    });
    if (!Array.isArray(answer.data)) throw http.unrecognized('comments', undefined, 'a comment list without data');
    const mine = answer.data.find(
      (c) => String(c.from?.id ?? '') === account.accountId && sameCommentText(c[textField], text),
    );
    if (mine?.id !== undefined) return { commentId: String(mine.id), url: null };
    after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
    if (!after) break;
  }
  return null;
}
