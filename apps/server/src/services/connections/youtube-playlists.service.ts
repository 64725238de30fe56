import { PLATFORM_LIMITS, type PlatformKey, type YouTubePlaylistsResponse } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { isPlatformError } from '../../platforms/platform-error';
import { findConnection } from '../../repositories/connections.repository';
import { playlistsScopeMissing } from '../posts/playlist-scope';
import { platformFailure } from './publish-options.service';
import { callAsAccount } from './publishing-account.service';

/**
 * GET /api/connections/:id/playlists: the channel's own playlists, asked of YouTube each time. Another user's
 * connection is answered as unknown; a platform without playlists is a 400; a grant from before Fanout asked
 * for youtube.force-ssl gets no list but the words to reconnect (the playlists could not be added anyway).
 */
export async function connectionPlaylists(
  ctx: AppContext,
  userId: number,
  connectionId: number,
): Promise<YouTubePlaylistsResponse> {
  const row = await findConnection(ctx.db, connectionId);
  if (!row || row.user_id !== userId) throw notFound('Connection');
  const platform = row.platform as PlatformKey;
  if (!ctx.platforms.get(platform)?.playlists)
    throw badRequest(`${PLATFORM_LIMITS[platform]?.name ?? platform} has no playlists to add to`, 'no_playlists');
  const reconnectFor = playlistsScopeMissing(platform, row.scopes);
  if (reconnectFor) return { playlists: null, reconnectFor };
  try {
    return {
      playlists: await callAsAccount(ctx, connectionId, (a, account) => a.playlists!(account)),
      reconnectFor: null,
    };
  } catch (err) {
    throw isPlatformError(err) ? platformFailure(platform, err) : err;
  }
}
