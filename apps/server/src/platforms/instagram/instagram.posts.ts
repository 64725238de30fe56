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
import { containerStatus, igUserId, permalink } from './instagram.publish';

/** Platform timestamps are whole seconds and clocks differ a little: a post this much older still counts. */
const CLOCK_SLACK_MS = 60_000;

/**
 * Did media_publish land? Only a container whose status_code is PUBLISHED was; then its media is the
 * newest one with this caption made since the create began.
 */
export async function findInstagramPost(
  http: GraphHttp,
  request: PublishRequest,
  journal: PublishJournal,
): Promise<PublishedPost | null> {
  const f = journalFields(http.platform, journal);
  const token = request.account.accessToken;
  const known = f.optStr('mediaId');
  if (known) return { platformPostId: known, url: await permalink(http, token, known) };
  const containerId = f.optStr('containerId');
  if (!containerId || journal.step !== 'create') return null;
  if ((await containerStatus(http, token, containerId)).status_code !== 'PUBLISHED') return null;
  const since = Date.parse(f.str('createStartedAt')) - CLOCK_SLACK_MS;
  const list = await http.graph<{
    data?: { id?: string | number; caption?: string; permalink?: string; timestamp?: string }[];
  }>('lookup', `${igUserId(request)}/media`, token, { query: { fields: 'id,caption,permalink,timestamp' } });
  const match = (list.data ?? []).find(
    (m) => (m.caption ?? '') === request.post.caption && graphTime(m.timestamp) >= since && m.id !== undefined,
  );
  if (!match) return null;
  const id = String(match.id);
  return { platformPostId: id, url: match.permalink ?? (await permalink(http, token, id)) };
}

export async function instagramPostStatus(http: GraphHttp, account: ConnectedAccount, id: string): Promise<PostStatus> {
  try {
    return { state: 'live', url: await permalink(http, account.accessToken, id) };
  } catch (err) {
    // 100: the object does not exist (any more).
    if (err instanceof PlatformError && err.kind === 'rejected' && err.platformCode?.split('/')[0] === '100')
      return { state: 'removed', reason: err.platformMessage };
    throw err;
  }
}

export async function instagramMetrics(http: GraphHttp, account: ConnectedAccount, id: string): Promise<PostMetrics> {
  const answer = await http.graph('metrics', `${id}/insights`, account.accessToken, {
    query: { metric: 'views,reach,likes,comments,shares,saved,total_interactions' },
  });
  const v = insightValues(answer);
  return {
    views: firstOf(v, 'views', 'plays'),
    likes: firstOf(v, 'likes'),
    comments: firstOf(v, 'comments'),
    shares: firstOf(v, 'shares'),
  };
}
