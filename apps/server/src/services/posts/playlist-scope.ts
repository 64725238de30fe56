import { missingFeatures, type PlatformKey } from '@fanout/contracts';
import { conflict } from '../../http/errors';

/** The optional feature adding a video to playlists needs (optional-scopes.ts). */
export const PLAYLISTS_FEATURE = 'playlists';

/** The missing feature's words when this grant cannot add to playlists, else undefined. */
export function playlistsScopeMissing(platform: string, scopes: readonly string[]): string | undefined {
  return missingFeatures(platform as PlatformKey, scopes).find((f) => f.feature === PLAYLISTS_FEATURE)?.label;
}

/**
 * A YouTube post with playlists, to a channel connected before Fanout asked for youtube.force-ssl, would be
 * refused by playlistItems.insert after the video went live: it is refused before anything is made, 409
 * `reconnect_to_allow`, in the composer's words. The channel stays connected; without playlists it publishes.
 */
export function assertPlaylistsAllowed(
  connection: { platform: string; scopes: readonly string[]; account_name: string },
  options: Record<string, unknown>,
): void {
  const ids = options.playlistIds;
  if (!Array.isArray(ids) || ids.length === 0) return;
  const label = playlistsScopeMissing(connection.platform, connection.scopes);
  if (!label) return;
  throw conflict(
    `Reconnect YouTube (${connection.account_name}) on the Accounts screen to allow ${label}, or choose no ` +
      'playlist: nothing was created',
    'reconnect_to_allow',
  );
}
