import { COMMENT_LOOKUP_PAGES, sameCommentText } from '../comment-match';
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
  return commentAt(api, videoId, id);
}

interface ThreadList {
  nextPageToken?: string;
  items?: {
    snippet?: {
      topLevelComment?: { id?: string; snippet?: { textOriginal?: string; authorChannelId?: { value?: string } } };
    };
  }[];
}

/**
 * The account's comment with this text under its video, read back with commentThreads.list (part=snippet,
 * videoId; scope youtube.force-ssl, the one commentThreads.insert took): the top-level comment whose
 * authorChannelId is the account's channel. Null when none is there.
 */
export async function findYouTubeComment(
  api: YouTubeApi,
  account: ConnectedAccount,
  videoId: string,
  text: string,
): Promise<PostedComment | null> {
  let pageToken: string | undefined;
  for (let page = 0; page < COMMENT_LOOKUP_PAGES; page++) {
    const res = await api.request('comments', COMMENT_THREADS, account.accessToken, {
      query: {
        part: 'snippet',
        videoId,
        maxResults: 100,
        textFormat: 'plainText',
        ...(pageToken ? { pageToken } : {}),
      },
    });
    const list = res.body as ThreadList | undefined;
    if (!Array.isArray(list?.items)) throw api.unrecognized('comments', res, 'a comment thread list without items');
    for (const item of list.items) {
      const top = item.snippet?.topLevelComment;
      if (
        top?.id &&
        top.snippet?.authorChannelId?.value === account.accountId &&
        sameCommentText(top.snippet.textOriginal, text)
      )
        return commentAt(api, videoId, top.id);
    }
    pageToken = list.nextPageToken;
    if (!pageToken) break;
  }
  return null;
}

/** The watch page with `lc` opens the video at this comment. */
const commentAt = (api: YouTubeApi, videoId: string, id: string): PostedComment => ({
  commentId: id,
  url: `${api.watchUrl(videoId)}&lc=${encodeURIComponent(id)}`,
});
