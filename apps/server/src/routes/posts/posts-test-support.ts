import type { Connection, PlatformKey } from '@fanout/contracts';
import { connectAccount } from '../../../test/connections';
import { api, createProject, registerUser, type ApiClient } from '../../../test/factories';
import type { TestServer } from '../../../test/test-server';
import type { VideosTable } from '../../db/schema';

/** What each platform needs beyond the caption (TikTok's privacy is never a silent default). */
export const OPTIONS: Partial<Record<PlatformKey, Record<string, unknown>>> = {
  tiktok: { privacyLevel: 'SELF_ONLY' },
  reddit: { subreddit: 'videos' },
};

export const target = (platform: PlatformKey, extra: Record<string, unknown> = {}) => ({
  platform,
  ...(OPTIONS[platform] ? { options: OPTIONS[platform] } : {}),
  ...extra,
});

export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

export interface Owner {
  token: string;
  userId: number;
  projectId: number;
  as: ApiClient;
}

/** A new user with a project whose given platforms are connected to sandbox accounts. */
export async function ownerWith(
  server: TestServer,
  platforms: readonly PlatformKey[],
  opts: { timeZone?: string } = {},
): Promise<Owner> {
  const { token, user } = await registerUser(server);
  if (opts.timeZone) await api(server, token).patch('/api/auth/me', { timeZone: opts.timeZone });
  const project = await createProject(server, token);
  for (const platform of platforms) await connectAccount(server, token, platform, project.id);
  return { token, userId: user.id, projectId: project.id, as: api(server, token) };
}

/** The sandbox's second Google account (the emulator picks it by `login_hint`). */
const SECOND_CHANNEL = 'second.creator@sandbox.example';

/** A new user with a project that has both sandbox YouTube channels connected, `first` and `second`. */
export async function ownerWithTwoChannels(
  server: TestServer,
): Promise<Owner & { first: Connection; second: Connection }> {
  const owner = await ownerWith(server, []);
  const first = (await connectAccount(server, owner.token, 'youtube', owner.projectId)).connection!;
  const pickSecond = (url: URL) => url.searchParams.set('login_hint', SECOND_CHANNEL);
  const second = (await connectAccount(server, owner.token, 'youtube', owner.projectId, 'approve', pickSecond))
    .connection!;
  return { ...owner, first, second };
}

let seq = 0;

type VideoFacts = Partial<
  Pick<
    VideosTable,
    'title' | 'duration_seconds' | 'width' | 'height' | 'fps' | 'video_codec' | 'audio_codec' | 'mime_type'
  > & { description: string; tags: string[]; size_bytes: number; project_id: number }
>;

/**
 * A video row as an upload leaves it, with facts that every platform accepts unless overridden (10 s,
 * 1280×720, 30 fps, H.264 and AAC in MP4), written straight to the database so tests of the posts API need no
 * media processing. Its file is not stored: a post of it due now fails when it is published.
 */
export async function addVideo(server: TestServer, owner: Owner, facts: VideoFacts = {}): Promise<number> {
  const { tags, description, project_id, ...rest } = facts;
  const row = await server.ctx.db
    .insertInto('videos')
    .values({
      user_id: owner.userId,
      project_id: project_id ?? owner.projectId,
      title: 'Harbour at dawn',
      status: 'awaiting-details',
      duration_seconds: 10,
      size_bytes: 5_000_000,
      width: 1280,
      height: 720,
      fps: 30,
      video_codec: 'h264',
      audio_codec: 'aac',
      mime_type: 'video/mp4',
      filename: `posts-test-${process.pid}-${seq++}.mp4`,
      original_name: 'harbour.mp4',
      ...(tags ? { tags: JSON.stringify(tags) } : {}),
      ...(description !== undefined ? { description } : {}),
      ...rest,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export { setPostRow as setPost, findPostRow as postRow } from '../../../test/post-rows';
