import type { EmulatorContext, RouteApi } from '../../core/context';
import { json, type EmuRequest, type EmuResponse } from '../../core/http';
import { authorizeCall } from './access';
import { accountById } from './accounts';
import { googleError, maxResultsOf, parameterError } from './envelopes';
import type { CommentItem } from '../../core/published';
import { etag, videos } from './records';
import { API_HOSTS } from './upload';

/** A top-level comment's longest text (YouTube's published comment limit; the discovery document gives none). */
export const COMMENT_MAX = 10_000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * commentThreads.insert (youtube.v3.json: POST youtube/v3/commentThreads, `part` required, scope
 * youtube.force-ssl only): a CommentThread whose snippet names the video and carries the top-level comment's
 * `textOriginal`. A video that does not exist, or that the account cannot see (another channel's private one),
 * is 404 videoNotFound.
 */
export function registerComments(api: RouteApi, ctx: EmulatorContext) {
  for (const host of API_HOSTS) {
    api.route('GET', host, '/youtube/v3/commentThreads', 'comments', (req) => listThreads(ctx, req));
    api.route('POST', host, '/youtube/v3/commentThreads', 'comment', async (req) => {
      const auth = authorizeCall(ctx, req, 'youtube.commentThreads.insert');
      if (!auth.ok) return auth.response;
      const parts = (req.query.get('part') ?? '').split(',').map((p) => p.trim());
      if (!parts.includes('snippet'))
        return parameterError('required', "Required parameter: part must include 'snippet'", 'part');
      const body = await req.json();
      const snippet = isObject(body) && isObject(body.snippet) ? body.snippet : undefined;
      const top = snippet && isObject(snippet.topLevelComment) ? snippet.topLevelComment : undefined;
      const text = top && isObject(top.snippet) ? top.snippet.textOriginal : undefined;
      const videoId = snippet?.videoId;
      if (typeof videoId !== 'string' || typeof text !== 'string' || !text.trim())
        return googleError(
          400,
          'invalidCommentMetadata',
          'The request metadata is invalid: a video id and a text are required.',
        );
      if ([...text].length > COMMENT_MAX)
        return googleError(
          400,
          'commentTextTooLong',
          'The comment resource that is being inserted contains too many characters in the textOriginal property.',
        );
      const video = videos(ctx).get(videoId);
      if (!video || (video.accountId !== auth.token.accountId && video.status.privacyStatus === 'private'))
        return googleError(404, 'videoNotFound', 'The video identified by the videoId parameter could not be found.');
      const id = `Ug${videoId}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
      const postedAt = new Date(ctx.now()).toISOString();
      const accountId = auth.token.accountId;
      const made = ctx.published.comment({ platform: 'youtube', id, postId: videoId, accountId, text, postedAt });
      const thread = renderThread(made, video.accountId);
      return json(200, { ...thread, etag: etag(thread) });
    });
  }
}

/** A CommentThread holding one top-level comment (youtube.v3.json: CommentThread, Comment). */
function renderThread(c: CommentItem, channelId: string) {
  const comment = {
    kind: 'youtube#comment',
    etag: etag(c),
    id: c.id,
    snippet: {
      videoId: c.postId,
      textOriginal: c.text,
      textDisplay: c.text,
      authorDisplayName: accountById(c.accountId)?.title ?? '',
      authorChannelId: { value: c.accountId },
      publishedAt: c.postedAt,
      updatedAt: c.postedAt,
    },
  };
  return {
    kind: 'youtube#commentThread',
    id: c.id,
    snippet: { videoId: c.postId, channelId, topLevelComment: comment, totalReplyCount: 0, isPublic: true },
  };
}

/** commentThreads.list maxResults: minimum 1, maximum 100, default 20 (discovery document). */
const MAX_RESULTS = { min: 1, max: 100, default: 20 };

/**
 * commentThreads.list (GET youtube/v3/commentThreads: `part` required, one filter of videoId, id,
 * allThreadsRelatedToChannelId or channelId; maxResults 1–100, default 20, with pageToken; scope youtube.force-ssl
 * only). The emulator filters by videoId or id, newest first, as YouTube's default `order=time`.
 */
function listThreads(ctx: EmulatorContext, req: EmuRequest): EmuResponse {
  const auth = authorizeCall(ctx, req, 'youtube.commentThreads.list');
  if (!auth.ok) return auth.response;
  const q = req.query;
  const parts = (q.get('part') ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) return parameterError('required', 'Required parameter: part', 'part');
  const unknown = parts.find((p) => !['id', 'snippet', 'replies'].includes(p));
  if (unknown !== undefined)
    return googleError(400, 'unknownPart', `'${unknown}'`, { domain: 'youtube.part', location: 'part' });
  const videoId = q.get('videoId');
  const ids = q.get('id')?.split(',');
  if (!videoId && !ids)
    return parameterError(
      'missingRequiredParameter',
      'No filter selected. Expected one of: id, videoId, allThreadsRelatedToChannelId, channelId',
      'parameters',
    );
  const video = videoId ? videos(ctx).get(videoId) : undefined;
  if (videoId && (!video || (video.accountId !== auth.token.accountId && video.status.privacyStatus === 'private')))
    return googleError(404, 'videoNotFound', 'The video identified by the videoId parameter could not be found.');
  const max = maxResultsOf(q, MAX_RESULTS);
  if (typeof max !== 'number') return max;
  const start = Number(/^C(\d+)$/.exec(q.get('pageToken') ?? '')?.[1] ?? 0);
  const found = ctx.published
    .comments()
    .filter((c) => c.platform === 'youtube' && (videoId ? c.postId === videoId : ids!.includes(c.id)))
    .reverse();
  const items = found.slice(start, start + max).map((c) => {
    const thread = renderThread(c, videos(ctx).get(c.postId)?.accountId ?? '');
    return {
      kind: thread.kind,
      etag: etag(thread),
      id: thread.id,
      ...(parts.includes('snippet') ? { snippet: thread.snippet } : {}),
    };
  });
  const next = start + max < found.length ? `C${start + max}` : undefined;
  return json(200, {
    kind: 'youtube#commentThreadListResponse',
    etag: etag(items),
    ...(next ? { nextPageToken: next } : {}),
    pageInfo: { totalResults: found.length, resultsPerPage: max },
    items,
  });
}
