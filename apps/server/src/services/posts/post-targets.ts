import { PLATFORM_LIMITS, type PlatformKey, type PostStatus } from '@fanout/contracts';
import type { DB } from '../../db/database';
import type { PlatformConnectionRow } from '../../db/connections.schema';
import { conflict } from '../../http/errors';
import { listConnectionsOfProject } from '../../repositories/connections.repository';
import { findPostsInStatus } from '../../repositories/posts.repository';

const nameOf = (platform: string) => PLATFORM_LIMITS[platform as PlatformKey]?.name ?? platform;

/** "TikTok", "TikTok and X", "Instagram, TikTok and X" */
export function platformNames(platforms: readonly string[]): string {
  const names = platforms.map(nameOf);
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The project's connection to each platform asked for. 409 `not_connected` names every platform without one,
 * 409 `needs_reconnect` every one whose account must be connected again first.
 */
export async function connectionsFor(
  db: DB,
  projectId: number,
  platforms: readonly PlatformKey[],
): Promise<Map<PlatformKey, PlatformConnectionRow>> {
  const rows = await listConnectionsOfProject(db, projectId);
  const byPlatform = new Map(rows.map((row) => [row.platform as PlatformKey, row]));
  const missing = platforms.filter((p) => !byPlatform.has(p));
  if (missing.length > 0) {
    const verb = missing.length === 1 ? 'is' : 'are';
    throw conflict(
      `${platformNames(missing)} ${verb} not connected to this project: connect ${missing.length === 1 ? 'it' : 'them'} on the Accounts screen first`,
      'not_connected',
    );
  }
  const stale = platforms.filter((p) => byPlatform.get(p)?.status === 'needs_reconnect');
  if (stale.length > 0) {
    throw conflict(
      `Reconnect ${platformNames(stale)} on the Accounts screen first: the platform no longer accepts the connection`,
      'needs_reconnect',
    );
  }
  return byPlatform;
}

/**
 * A post of the same video to the same platform that is waiting, under way, live, or may be live
 * (unconfirmed) stops another: a second would publish the video twice. A failed or cancelled one does not.
 */
export const BLOCKING_STATUSES: readonly PostStatus[] = ['scheduled', 'publishing', 'published', 'unconfirmed'];

const WHAT: Record<string, string> = {
  scheduled: 'is scheduled there',
  publishing: 'is being published there',
  published: 'is already published there',
  unconfirmed: 'may already be there (unconfirmed: check the platform, then retry that post)',
};

/** 409 `already_posted` when one of these video-and-platform pairs already has a post that blocks another. */
export async function assertNotPosted(
  db: DB,
  pairs: readonly { videoId: number; platform: string; title: string }[],
  exceptPostId?: number,
): Promise<void> {
  const videoIds = [...new Set(pairs.map((p) => p.videoId))];
  const existing = await findPostsInStatus(db, videoIds, BLOCKING_STATUSES, exceptPostId);
  const clashes = pairs.flatMap((pair) => {
    const found = existing.find((e) => e.video_id === pair.videoId && e.platform === pair.platform);
    return found ? [`"${pair.title}" ${WHAT[found.status]} on ${nameOf(pair.platform)}`] : [];
  });
  if (clashes.length > 0) throw conflict(`${clashes.join('; ')}. Nothing was created.`, 'already_posted');
}
