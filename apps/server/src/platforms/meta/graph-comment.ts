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
