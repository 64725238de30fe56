import { z } from 'zod';
import type { EmulatorContext, RouteApi } from '../../core/context';
import { json, type EmuRequest, type EmuResponse } from '../../core/http';
import { authorizeCall } from './access';
import { ACCOUNTS, accountById } from './accounts';
import { googleError, maxResultsOf, parameterError } from './envelopes';
import { addItem, addPlaylist, playlistItems, playlists, type PlaylistRecord } from './playlist-records';
import { etag, videos } from './records';
import { API_HOSTS } from './upload';

/** The Playlist resource's parts (its schema's properties but `kind` and `etag`), youtube.v3.json. */
const PLAYLIST_PARTS = ['contentDetails', 'id', 'localizations', 'player', 'snippet', 'status'];
/** playlists.list maxResults: minimum 0, maximum 50, default 5 (discovery document). */
const MAX_RESULTS = { min: 0, max: 50, default: 5 };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readPart(req: EmuRequest, known: readonly string[]): string[] | EmuResponse {
  const parts = (req.query.get('part') ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) return parameterError('required', 'Required parameter: part', 'part');
  const unknown = parts.find((p) => !known.includes(p));
  if (unknown !== undefined)
    return googleError(400, 'unknownPart', `'${unknown}'`, { domain: 'youtube.part', location: 'part' });
  return parts;
}

/**
 * playlists.list (GET youtube/v3/playlists: `part` required; one filter of channelId, id or mine; maxResults 0–50,
 * default 5, with pageToken) and playlistItems.insert (POST youtube/v3/playlistItems, part=snippet, a PlaylistItem
 * whose snippet names the playlist and `resourceId: {kind: youtube#video, videoId}`), from youtube.v3.json. The
 * insert's errors as its reference lists them: 404 playlistNotFound, 404 videoNotFound, 403
 * playlistItemsNotAccessible (another channel's playlist). playlistItems.list (playlistId, videoId) reads them back.
 */
export function registerPlaylists(api: RouteApi, ctx: EmulatorContext) {
  for (const host of API_HOSTS) {
    api.route('GET', host, '/youtube/v3/playlists', 'playlists', (req) => listPlaylists(ctx, req));
    api.route('POST', host, '/youtube/v3/playlistItems', 'playlistItems', (req) => insertItem(ctx, req));
    api.route('GET', host, '/youtube/v3/playlistItems', 'playlistItems', (req) => listItems(ctx, req));
  }
  registerPlaylistControl(api, ctx);
}

function listPlaylists(ctx: EmulatorContext, req: EmuRequest): EmuResponse {
  const auth = authorizeCall(ctx, req, 'youtube.playlists.list');
  if (!auth.ok) return auth.response;
  const parts = readPart(req, PLAYLIST_PARTS);
  if (!Array.isArray(parts)) return parts;
  const q = req.query;
  let found: PlaylistRecord[];
  const all = playlists(ctx).values();
  if (q.get('mine') === 'true') found = all.filter((p) => p.channelId === auth.token.accountId);
  else if (q.get('channelId'))
    found = all.filter((p) => p.channelId === q.get('channelId') && p.privacyStatus === 'public');
  else if (q.get('id')) found = all.filter((p) => q.get('id')!.split(',').includes(p.id));
  else
    return parameterError(
      'missingRequiredParameter',
      'No filter selected. Expected one of: channelId, id, mine',
      'parameters',
    );
  const max = maxResultsOf(q, MAX_RESULTS);
  if (typeof max !== 'number') return max;
  const start = Number(/^P(\d+)$/.exec(q.get('pageToken') ?? '')?.[1] ?? 0);
  // Newest first, as YouTube lists a channel's playlists.
  const sorted = found.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  const page = sorted.slice(start, start + max);
  const items = page.map((p) => renderPlaylist(ctx, p, parts));
  const next = start + max < sorted.length ? `P${start + max}` : undefined;
  return json(200, {
    kind: 'youtube#playlistListResponse',
    etag: etag(items),
    ...(next ? { nextPageToken: next } : {}),
    ...(start > 0 ? { prevPageToken: `P${Math.max(0, start - max)}` } : {}),
    pageInfo: { totalResults: sorted.length, resultsPerPage: max },
    items,
  });
}

function renderPlaylist(ctx: EmulatorContext, p: PlaylistRecord, parts: string[]) {
  const out: Record<string, unknown> = { kind: 'youtube#playlist', etag: etag(p), id: p.id };
  const channel = accountById(p.channelId);
  if (parts.includes('snippet'))
    out.snippet = {
      publishedAt: p.publishedAt,
      channelId: p.channelId,
      title: p.title,
      description: p.description,
      channelTitle: channel?.title ?? '',
      localized: { title: p.title, description: p.description },
    };
  if (parts.includes('status')) out.status = { privacyStatus: p.privacyStatus };
  if (parts.includes('contentDetails'))
    out.contentDetails = {
      itemCount: playlistItems(ctx)
        .values()
        .filter((i) => i.playlistId === p.id).length,
    };
  return out;
}

async function insertItem(ctx: EmulatorContext, req: EmuRequest): Promise<EmuResponse> {
  const auth = authorizeCall(ctx, req, 'youtube.playlistItems.insert');
  if (!auth.ok) return auth.response;
  const parts = readPart(req, ['contentDetails', 'id', 'snippet', 'status']);
  if (!Array.isArray(parts)) return parts;
  const body = await req.json();
  const snippet = isObject(body) && isObject(body.snippet) ? body.snippet : undefined;
  const resource = snippet && isObject(snippet.resourceId) ? snippet.resourceId : undefined;
  if (typeof snippet?.playlistId !== 'string')
    return googleError(
      400,
      'playlistIdRequired',
      'The request does not specify a value for the required playlistId property.',
    );
  if (resource?.kind !== 'youtube#video' || typeof resource.videoId !== 'string')
    return googleError(400, 'invalidResourceType', 'The type ID specified in the resource is not supported.');
  const playlist = playlists(ctx).get(snippet.playlistId);
  if (!playlist)
    return googleError(
      404,
      'playlistNotFound',
      "The playlist identified with the request's playlistId parameter cannot be found.",
      {
        domain: 'youtube.playlistItem',
      },
    );
  if (playlist.channelId !== auth.token.accountId)
    return googleError(
      403,
      'playlistItemsNotAccessible',
      'The request is not properly authorized to insert the specified playlist item.',
      {
        domain: 'youtube.playlistItem',
      },
    );
  const video = videos(ctx).get(resource.videoId);
  if (!video || (video.accountId !== auth.token.accountId && video.status.privacyStatus === 'private'))
    return googleError(404, 'videoNotFound', 'The video that you are trying to add to the playlist cannot be found.', {
      domain: 'youtube.playlistItem',
    });
  const item = addItem(ctx, playlist, video.id);
  return json(200, renderItem(item, video.snippet.title));
}

function renderItem(item: ReturnType<typeof addItem>, title: string) {
  const body = {
    kind: 'youtube#playlistItem',
    id: item.id,
    snippet: {
      publishedAt: item.publishedAt,
      channelId: item.channelId,
      title,
      playlistId: item.playlistId,
      position: item.position,
      resourceId: { kind: 'youtube#video', videoId: item.videoId },
    },
  };
  return { ...body, etag: etag(body) };
}

function listItems(ctx: EmulatorContext, req: EmuRequest): EmuResponse {
  const auth = authorizeCall(ctx, req, 'youtube.playlistItems.list');
  if (!auth.ok) return auth.response;
  const parts = readPart(req, ['contentDetails', 'id', 'snippet', 'status']);
  if (!Array.isArray(parts)) return parts;
  const playlistId = req.query.get('playlistId');
  const videoId = req.query.get('videoId');
  if (!playlistId)
    return parameterError(
      'missingRequiredParameter',
      'No filter selected. Expected one of: id, playlistId',
      'parameters',
    );
  const playlist = playlists(ctx).get(playlistId);
  if (!playlist || (playlist.channelId !== auth.token.accountId && playlist.privacyStatus === 'private'))
    return googleError(
      404,
      'playlistNotFound',
      "The playlist identified with the request's playlistId parameter cannot be found.",
    );
  const items = playlistItems(ctx)
    .values()
    .filter((i) => i.playlistId === playlistId && (!videoId || i.videoId === videoId))
    .map((i) => renderItem(i, videos(ctx).get(i.videoId)?.snippet.title ?? ''));
  return json(200, {
    kind: 'youtube#playlistItemListResponse',
    etag: etag(items),
    pageInfo: { totalResults: items.length, resultsPerPage: items.length },
    items,
  });
}

const NewPlaylist = z.object({
  channelId: z.string().optional(),
  title: z.string().trim().min(1).max(150),
  privacyStatus: z.enum(['public', 'unlisted', 'private']).optional(),
});

/**
 * The sandbox's playlists for people and tests: `POST /_control/youtube/playlists {title, channelId?,
 * privacyStatus?}` adds one (to the first sandbox channel by default), `DELETE /_control/youtube/playlists/:id`
 * deletes one (as a person would on YouTube), `GET /_control/youtube/playlist-items` lists what was added.
 */
function registerPlaylistControl(api: RouteApi, ctx: EmulatorContext) {
  api.route('POST', '', '/_control/youtube/playlists', 'control', async (req) => {
    const body = NewPlaylist.safeParse(await req.json());
    if (!body.success) return json(400, { error: 'expected {title, channelId?, privacyStatus?}' });
    const channelId = body.data.channelId ?? ACCOUNTS[0]!.id;
    if (!accountById(channelId)) return json(404, { error: `no sandbox channel ${channelId}` });
    return json(201, { playlist: addPlaylist(ctx, { ...body.data, channelId }) });
  });
  api.route('DELETE', '', '/_control/youtube/playlists/:id', 'control', (req) => {
    if (!playlists(ctx).get(req.params.id!)) return json(404, { error: 'no such playlist' });
    playlists(ctx).delete(req.params.id!);
    return json(200, { ok: true });
  });
  api.route('GET', '', '/_control/youtube/playlist-items', 'control', () =>
    json(200, { items: playlistItems(ctx).values() }),
  );
}
