import type {
  ConnectedAccount,
  PostMetrics,
  PostStatus,
  PublishedPost,
  PublishJournal,
  PublishRequest,
} from '../platform-adapter';
import { PlatformError } from '../platform-error';
import { firstOf, graphTime, insightValues } from '../meta/graph-values';
import { journalFields } from '../journal-fields';
import type { GraphHttp } from '../meta/graph-http';
import { postKind } from './facebook.publish';
import { reelFailure, reelStatus } from './facebook.reel-publish';
import { pageId, pageVideoUrl, reelUrl } from './facebook.urls';

/** Platform times are whole seconds and clocks differ a little: a video this much older still counts. */
const CLOCK_SLACK_MS = 60_000;

/**
 * Did the create land? A reel: its publishing phase is complete. A Page video: the Page's videos hold one
 * with this description made since the create began.
 */
export async function findFacebookPost(
  http: GraphHttp,
  request: PublishRequest,
  journal: PublishJournal,
): Promise<PublishedPost | null> {
  const f = journalFields(http.platform, journal);
  const token = request.account.accessToken;
  if (postKind(request, journal) === 'reel') {
    const videoId = f.optStr('videoId');
    if (!videoId || !['create', 'created'].includes(journal.step)) return null;
    const { status } = await reelStatus(http, token, videoId, 'status,permalink_url');
    return status?.publishing_phase?.status === 'complete'
      ? { platformPostId: videoId, url: reelUrl(http, videoId) }
      : null;
  }
  const known = f.optStr('videoId');
  if (known) return { platformPostId: known, url: pageVideoUrl(http, request, known) };
  if (journal.step !== 'create') return null;
  const since = Date.parse(f.str('createStartedAt')) - CLOCK_SLACK_MS;
  const list = await http.graph<{ data?: { id?: string | number; description?: string; created_time?: string }[] }>(
    'lookup',
    `${pageId(request)}/videos`,
    token,
    { query: { fields: 'id,description,created_time,permalink_url' } },
  );
  const match = (list.data ?? []).find(
    (v) => v.id !== undefined && (v.description ?? '') === request.post.caption && graphTime(v.created_time) >= since,
  );
  return match ? { platformPostId: String(match.id), url: pageVideoUrl(http, request, String(match.id)) } : null;
}

export async function facebookPostStatus(http: GraphHttp, account: ConnectedAccount, id: string): Promise<PostStatus> {
  let answer: Awaited<ReturnType<typeof reelStatus>>;
  try {
    answer = await reelStatus(http, account.accessToken, id, 'status,permalink_url');
  } catch (err) {
    // 100: the object does not exist (any more).
    if (err instanceof PlatformError && err.kind === 'rejected' && err.platformCode?.split('/')[0] === '100')
      return { state: 'removed', reason: err.platformMessage };
    throw err;
  }
  const url = permalink(http, answer.permalink_url);
  const status = answer.status;
  if (!status) throw http.unrecognized('status', undefined, 'a video without status');
  const failure = reelFailure(status);
  if (failure) return { state: 'failed', reason: failure, url };
  if (status.video_status === 'ready' || status.publishing_phase?.status === 'complete') return { state: 'live', url };
  return { state: 'processing', url };
}

/** Graph permalinks may be paths on www.facebook.com. */
function permalink(http: GraphHttp, value: string | undefined): string | undefined {
  if (!value) return undefined;
  return value.startsWith('/') ? http.browserUrl(`https://www.facebook.com${value}`) : value;
}

export async function facebookMetrics(http: GraphHttp, account: ConnectedAccount, id: string): Promise<PostMetrics> {
  const v = insightValues(await http.graph('metrics', `${id}/video_insights`, account.accessToken));
  return {
    views: firstOf(v, 'total_video_views', 'fb_reels_total_plays', 'blue_reels_play_count', 'plays'),
    likes: firstOf(v, 'total_video_reactions_by_type_total', 'post_video_likes_by_reaction_type', 'reactions', 'likes'),
    comments: firstOf(v, 'total_video_comments', 'comments'),
    shares: firstOf(v, 'total_video_shares', 'shares'),
  };
}
