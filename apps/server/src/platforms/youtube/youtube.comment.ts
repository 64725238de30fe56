import type { ConnectedAccount, PostedComment } from '../platform-adapter';
import type { YouTubeApi } from './youtube.api';

const COMMENT_THREADS = 'https://www.googleapis.com/youtube/v3/commentThreads';

/**
 * The first comment on YouTube: commentThreads.insert (part=snippet) with the video's id and the top-level
 * comment's textOriginal. The discovery document names youtube.force-ssl as its only scope.
 */
export async function postYouTubeComment(
  api: YouTubeApi,
  account: ConnectedAccount,
  videoId: string,
  text: string,
): Promise<PostedComment> {
  const res = await api.request('comment', COMMENT_THREADS, account.accessToken, {
    method: 'POST',
    query: { part: 'snippet' },
    json: { snippet: { videoId, topLevelComment: { snippet: { textOriginal: text } } } },
  });
  const thread = res.body as { id?: unknown; snippet?: { topLevelComment?: { id?: unknown } } } | undefined;
  const id = thread?.snippet?.topLevelComment?.id ?? thread?.id;
  if (typeof id !== 'string' || !id) throw api.unrecognized('comment', res, 'a comment thread without id');
  // The watch page with `lc` opens the video at this comment.
  return { commentId: id, url: `${api.watchUrl(videoId)}&lc=${encodeURIComponent(id)}` };
}
