import type {
  ConnectedAccount,
  PostMetrics,
  PostStatus,
  PublishedPost,
  PublishJournal,
  PublishRequest,
} from '../platform-adapter';
import { journalFields } from '../journal-fields';
import { PlatformError } from '../platform-error';
import { bearer, X_API, type XHttp } from './x.http';
import { xPostUrl } from './x.publish';

interface Post {
  id?: string;
  text?: string;
  created_at?: string;
  attachments?: { media_keys?: string[] };
  public_metrics?: {
    retweet_count?: number;
    reply_count?: number;
    like_count?: number;
    quote_count?: number;
    impression_count?: number;
  };
}

/** Did POST /2/tweets land? The account's recent posts hold one carrying the upload's media_key. */
export async function findXPost(
  http: XHttp,
  request: PublishRequest,
  journal: PublishJournal,
): Promise<PublishedPost | null> {
  const f = journalFields(http.platform, journal);
  const username = request.account.extra.username;
  const known = f.optStr('postId');
  if (known) return { platformPostId: known, url: xPostUrl(http, username, known) };
  if (journal.step !== 'create') return null;
  const mediaKey = f.optStr('mediaKey');
  const userId = request.account.extra.userId ?? request.account.accountId;
  const answer = await http.json<{ data?: Post[] }>('lookup', `${X_API}/users/${userId}/tweets`, {
    headers: bearer(request.account.accessToken),
    query: { expansions: 'attachments.media_keys', 'tweet.fields': 'attachments,created_at', max_results: 100 },
  });
  // Without a media_key (X did not send one), the text and time are what is left to go by.
  const since = Date.parse(f.optStr('createStartedAt') ?? '') - 60_000;
  const match = (answer.data ?? []).find((p) =>
    mediaKey
      ? p.attachments?.media_keys?.includes(mediaKey)
      : p.text === request.post.caption && Date.parse(p.created_at ?? '') >= since,
  );
  return match?.id ? { platformPostId: match.id, url: xPostUrl(http, username, match.id) } : null;
}

async function lookup(http: XHttp, account: ConnectedAccount, id: string, step: string) {
  return http.json<{ data?: Post; errors?: { type?: string; detail?: string; title?: string }[] }>(
    step,
    `${X_API}/tweets/${id}`,
    { headers: bearer(account.accessToken), query: { 'tweet.fields': 'public_metrics' } },
  );
}

export async function xPostStatus(http: XHttp, account: ConnectedAccount, id: string): Promise<PostStatus> {
  let answer: Awaited<ReturnType<typeof lookup>>;
  try {
    answer = await lookup(http, account, id, 'status');
  } catch (err) {
    if (err instanceof PlatformError && err.httpStatus === 404)
      return { state: 'removed', reason: err.platformMessage };
    throw err;
  }
  if (answer.data?.id) return { state: 'live', url: xPostUrl(http, account.extra.username, id) };
  // A post that is gone comes back as a 200 with a resource-not-found problem and no data.
  const problem = answer.errors?.[0];
  if (problem) return { state: 'removed', reason: problem.detail ?? problem.title };
  throw http.unrecognized('status', undefined, 'a post look-up with neither data nor errors');
}

export async function xMetrics(http: XHttp, account: ConnectedAccount, id: string): Promise<PostMetrics> {
  const answer = await lookup(http, account, id, 'metrics');
  const m = answer.data?.public_metrics;
  if (!m) throw http.unrecognized('metrics', undefined, 'a post without public_metrics');
  const num = (v: number | undefined) => (typeof v === 'number' ? v : null);
  const shares =
    num(m.retweet_count) === null && num(m.quote_count) === null ? null : (m.retweet_count ?? 0) + (m.quote_count ?? 0);
  return { views: num(m.impression_count), likes: num(m.like_count), comments: num(m.reply_count), shares };
}
