import type { EmulatorContext, RouteApi } from '../../core/context';
import { json, redirect, type EmuRequest } from '../../core/http';
import { withRequestFault } from '../../core/request-faults';
import { errorPage, postPage } from '../../core/pages';
import { grownMetrics } from '../../core/published';
import { authorizeCall } from './access';
import { ACCOUNTS, accountById, thumbnails, type YoutubeAccount } from './accounts';
import { errors, googleError, parameterError } from './envelopes';
import { etag, renderVideo, settle, videos, watchUrl } from './records';
import { API_HOSTS } from './upload';
import { readParts } from './video-resource';

/** The Channel resource's parts (its schema's properties but `kind` and `etag`). */
export const CHANNEL_PARTS = [
  'auditDetails',
  'brandingSettings',
  'contentDetails',
  'contentOwnerDetails',
  'conversionPings',
  'id',
  'localizations',
  'snippet',
  'statistics',
  'status',
  'topicDetails',
];

const listOf = (query: URLSearchParams, name: string) =>
  query
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

export function registerVideos(api: RouteApi, ctx: EmulatorContext) {
  for (const host of API_HOSTS) {
    // One route, two fault steps: `status` when it asks for processing, `videos` (metrics) otherwise.
    api.route('GET', host, '/youtube/v3/videos', 'videos.list', async (req) => {
      const parts = readParts(req.query);
      const processing = Array.isArray(parts) && parts.some((p) => p === 'status' || p === 'processingDetails');
      return withRequestFault(ctx, 'youtube', processing ? 'status' : 'videos', errors, req, () => list(req, parts));
    });

    api.route('GET', host, '/youtube/v3/channels', 'channels', (req) => channelsList(ctx, req));
  }

  function list(req: EmuRequest, parts: ReturnType<typeof readParts>) {
    const auth = authorizeCall(ctx, req, 'youtube.videos.list');
    if (!auth.ok) return auth.response;
    if (!Array.isArray(parts)) return parts;
    const ids = listOf(req.query, 'id');
    if (!ids.length && !req.query.get('chart') && !req.query.get('myRating'))
      return parameterError(
        'missingRequiredParameter',
        'No filter selected. Expected one of: myRating, id, chart',
        'parameters',
      );
    const items = ids
      .map((id) => videos(ctx).get(id))
      .filter((v) => v !== undefined && (v.accountId === auth.token.accountId || v.status.privacyStatus !== 'private'))
      .map((v) => renderVideo(ctx, settle(ctx, v!), parts));
    return json(200, {
      kind: 'youtube#videoListResponse',
      etag: etag(items),
      items,
      pageInfo: { totalResults: items.length, resultsPerPage: Math.max(5, items.length) },
    });
  }

  api.route('GET', 'www.youtube.com', '/watch', 'watch', (req) => {
    const found = videos(ctx).get(req.query.get('v') ?? '');
    const video = found && settle(ctx, found);
    if (!video || video.uploadStatus !== 'processed')
      return errorPage(404, 'Video unavailable', "This video isn't available any more.");
    const { title, description } = video.snippet;
    return postPage({
      platformName: 'YouTube',
      accountName: accountById(video.accountId)?.title ?? video.accountId,
      text: description ? `${title}: ${description}` : title,
      mediaUrl: ctx.mediaUrl(video.blobId),
    });
  });
  api.route('GET', 'youtu.be', '/:id', 'watch', (req) => redirect(watchUrl(ctx, req.params.id!)));
}

function channelsList(ctx: EmulatorContext, req: EmuRequest) {
  const auth = authorizeCall(ctx, req, 'youtube.channels.list');
  if (!auth.ok) return auth.response;
  const parts = listOf(req.query, 'part');
  if (!parts.length) return parameterError('required', 'Required parameter: part', 'part');
  const unknown = parts.find((p) => !CHANNEL_PARTS.includes(p));
  if (unknown !== undefined)
    return googleError(400, 'unknownPart', `'${unknown}'`, {
      domain: 'youtube.part',
      location: 'part',
      locationType: 'parameter',
    });
  let found: YoutubeAccount[];
  if (req.query.get('mine') === 'true') found = ACCOUNTS.filter((a) => a.id === auth.token.accountId);
  else if (req.query.get('id')) found = ACCOUNTS.filter((a) => listOf(req.query, 'id').includes(a.id));
  else if (req.query.get('forHandle'))
    found = ACCOUNTS.filter((a) => a.handle === `@${req.query.get('forHandle')!.replace(/^@/, '')}`);
  else
    return parameterError(
      'missingRequiredParameter',
      'No filter selected. Expected one of: forUsername, managedByMe, categoryId, mine, mySubscribers, id, idParam, forHandle',
      'parameters',
    );
  const items = found.map((a) => renderChannel(ctx, a, parts));
  return json(200, {
    kind: 'youtube#channelListResponse',
    etag: etag(items),
    pageInfo: { totalResults: items.length, resultsPerPage: 5 },
    items,
  });
}

function renderChannel(ctx: EmulatorContext, a: YoutubeAccount, parts: string[]) {
  const out: Record<string, unknown> = { kind: 'youtube#channel', etag: etag(a), id: a.id };
  if (parts.includes('snippet'))
    out.snippet = {
      title: a.title,
      description: a.description,
      customUrl: a.handle,
      publishedAt: a.createdAt,
      thumbnails: thumbnails(ctx, a.id),
      localized: { title: a.title, description: a.description },
    };
  if (parts.includes('contentDetails'))
    out.contentDetails = { relatedPlaylists: { likes: 'LL', uploads: `UU${a.id.slice(2)}` } };
  if (parts.includes('statistics')) {
    const live = videos(ctx)
      .values()
      .filter((v) => v.accountId === a.id && v.uploadStatus === 'processed');
    const views = live.reduce((n, v) => n + grownMetrics(new Date(v.uploadedAt).toISOString(), ctx.now()).views, 0);
    out.statistics = {
      viewCount: String(views),
      subscriberCount: '0',
      hiddenSubscriberCount: false,
      videoCount: String(live.length),
    };
  }
  if (parts.includes('status'))
    out.status = { privacyStatus: 'public', isLinked: true, longUploadsStatus: 'allowed', madeForKids: false };
  return out;
}
