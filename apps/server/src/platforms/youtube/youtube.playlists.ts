import type { YouTubePlaylist } from '@fanout/contracts';
import type { ConnectedAccount, PublishJournal, PublishRequest } from '../platform-adapter';
import { isPlatformError } from '../platform-error';
import type { YouTubeApi } from './youtube.api';

export const PLAYLISTS_URL = 'https://www.googleapis.com/youtube/v3/playlists';
export const PLAYLIST_ITEMS_URL = 'https://www.googleapis.com/youtube/v3/playlistItems';
/** playlists.list gives at most 50 a page (discovery document); 20 pages is more playlists than a composer lists. */
const PAGE_SIZE = 50;
const MAX_PAGES = 20;

/** The playlists chosen for this post (YouTube's `playlistIds` option), in the order chosen. */
export function chosenPlaylists(request: PublishRequest): string[] {
  const ids = request.post.options.playlistIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

type RawPlaylist = {
  id?: unknown;
  snippet?: { title?: unknown };
  status?: { privacyStatus?: unknown };
  contentDetails?: { itemCount?: unknown };
};

/** The channel's own playlists: playlists.list?mine=true, every page (youtube.readonly or youtube.force-ssl). */
export async function listYouTubePlaylists(api: YouTubeApi, account: ConnectedAccount): Promise<YouTubePlaylist[]> {
  const found: YouTubePlaylist[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await api.request('playlists', PLAYLISTS_URL, account.accessToken, {
      query: {
        part: 'snippet,status,contentDetails',
        mine: true,
        maxResults: PAGE_SIZE,
        ...(pageToken ? { pageToken } : {}),
      },
    });
    const body = res.body as { items?: unknown; nextPageToken?: unknown } | undefined;
    if (!Array.isArray(body?.items)) throw api.unrecognized('playlists', res, 'a playlist list without items');
    for (const p of body.items as RawPlaylist[]) {
      if (typeof p.id !== 'string') continue;
      const title = typeof p.snippet?.title === 'string' ? p.snippet.title : p.id;
      const privacy = typeof p.status?.privacyStatus === 'string' ? p.status.privacyStatus : null;
      const count = p.contentDetails?.itemCount;
      found.push({ id: p.id, title, privacy, itemCount: typeof count === 'number' ? count : null });
    }
    pageToken = typeof body.nextPageToken === 'string' && body.nextPageToken ? body.nextPageToken : undefined;
    if (!pageToken) break;
  }
  return found;
}

/** Whether the video is in the playlist already: a step interrupted after YouTube took its insert is not repeated. */
async function alreadyIn(api: YouTubeApi, token: string, playlistId: string, videoId: string): Promise<boolean> {
  const res = await api.request('playlists', PLAYLIST_ITEMS_URL, token, {
    query: { part: 'id', playlistId, videoId },
  });
  const items = (res.body as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items)) throw api.unrecognized('playlists', res, 'a playlist item list without items');
  return items.length > 0;
}

/**
 * Adds the published video to one chosen playlist (playlistItems.insert, part=snippet): the journal's
 * `playlistIndex` says which. YouTube's refusal (a playlist deleted since: 404 playlistNotFound; another
 * channel's: 403 playlistItemsNotAccessible; a grant without the scope) never undoes the live video: its words
 * come back to be shown on the post. Passing faults, rate limits and an expired token are the runner's to retry;
 * the retried step first asks whether the video is in the playlist already.
 */
export async function addToPlaylist(
  api: YouTubeApi,
  request: PublishRequest,
  videoId: string,
  journal: PublishJournal,
): Promise<string | null> {
  const playlistId = chosenPlaylists(request)[Number(journal.playlistIndex ?? 0)];
  if (!playlistId) return null;
  const token = request.account.accessToken;
  try {
    if (await alreadyIn(api, token, playlistId, videoId)) return null;
    await api.request('playlists', PLAYLIST_ITEMS_URL, token, {
      method: 'POST',
      query: { part: 'snippet' },
      json: { snippet: { playlistId, resourceId: { kind: 'youtube#video', videoId } } },
    });
    return null;
  } catch (err) {
    const refused = isPlatformError(err) && (err.kind === 'rejected' || err.platformCode === 'insufficientPermissions');
    if (!refused) throw err;
    return err.platformMessage ?? err.message;
  }
}
