import { randomBytes } from 'node:crypto';
import type { EmulatorContext } from '../../core/context';
import { ACCOUNTS } from './accounts';

/** A channel's playlist as the emulator keeps it (the Playlist resource's snippet and status). */
export interface PlaylistRecord {
  id: string;
  channelId: string;
  title: string;
  description: string;
  privacyStatus: 'public' | 'unlisted' | 'private';
  publishedAt: string;
}

/** A video added to a playlist (playlistItems.insert), kept so tests and people can read it back. */
export interface PlaylistItemRecord {
  id: string;
  playlistId: string;
  videoId: string;
  channelId: string;
  position: number;
  publishedAt: string;
}

const SANDBOX_CHANNEL = ACCOUNTS[0]!.id;

/** The sandbox channel's two playlists; their ids are stable across restarts and resets. */
export const SEEDED_PLAYLISTS: readonly PlaylistRecord[] = [
  {
    id: 'PLsandboxFanoutTravel0000000000001',
    channelId: SANDBOX_CHANNEL,
    title: 'Travel',
    description: 'Trips of the sandbox channel.',
    privacyStatus: 'public',
    publishedAt: '2023-05-02T10:00:00Z',
  },
  {
    id: 'PLsandboxFanoutShorts0000000000002',
    channelId: SANDBOX_CHANNEL,
    title: 'Shorts',
    description: 'Short clips.',
    privacyStatus: 'unlisted',
    publishedAt: '2024-01-20T08:30:00Z',
  },
];

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const randomId = (n: number) => [...randomBytes(n)].map((b) => ID_CHARS[b % 64]).join('');

/** Every playlist, the seeded ones written once (and again after a reset). */
export function playlists(ctx: EmulatorContext) {
  const all = ctx.store.collection<PlaylistRecord>('youtube.playlists');
  const seeded = ctx.store.collection<{ at: number }>('youtube.playlists.seeded');
  if (!seeded.get('sandbox')) {
    for (const p of SEEDED_PLAYLISTS) all.set(p.id, { ...p });
    seeded.set('sandbox', { at: ctx.now() });
  }
  return all;
}

export const playlistItems = (ctx: EmulatorContext) =>
  ctx.store.collection<PlaylistItemRecord>('youtube.playlistItems');

/** A new playlist of a channel (the control API's, for people trying the sandbox and for tests). */
export function addPlaylist(
  ctx: EmulatorContext,
  o: { channelId: string; title: string; privacyStatus?: PlaylistRecord['privacyStatus'] },
): PlaylistRecord {
  const record: PlaylistRecord = {
    id: `PL${randomId(32)}`,
    channelId: o.channelId,
    title: o.title,
    description: '',
    privacyStatus: o.privacyStatus ?? 'public',
    publishedAt: new Date(ctx.now()).toISOString(),
  };
  return playlists(ctx).set(record.id, record);
}

/** Adds a video at the end of a playlist. */
export function addItem(ctx: EmulatorContext, playlist: PlaylistRecord, videoId: string): PlaylistItemRecord {
  const position = playlistItems(ctx)
    .values()
    .filter((i) => i.playlistId === playlist.id).length;
  const record: PlaylistItemRecord = {
    id: `PLI${randomId(40)}`,
    playlistId: playlist.id,
    videoId,
    channelId: playlist.channelId,
    position,
    publishedAt: new Date(ctx.now()).toISOString(),
  };
  return playlistItems(ctx).set(record.id, record);
}
