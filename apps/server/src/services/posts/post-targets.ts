import { PLATFORM_LIMITS, type PlatformKey, type PostStatus } from '@fanout/contracts';
import type { DB } from '../../db/database';
import type { PlatformConnectionRow } from '../../db/connections.schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { listConnectionsOfProject } from '../../repositories/connections.repository';
import { findPostsInStatus } from '../../repositories/posts.repository';

const nameOf = (platform: string) => PLATFORM_LIMITS[platform as PlatformKey]?.name ?? platform;

/** "TikTok", "TikTok and X", "Instagram, TikTok and X" */
export function platformNames(platforms: readonly string[]): string {
  const names = platforms.map(nameOf);
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A post asked for: its platform, and the account when the person named it. */
export interface TargetAsk {
  platform: PlatformKey;
  connectionId?: number;
}

/**
 * A connection in words: the platform, and the account's name when the project has several accounts of it
 * ("YouTube (Second Creator)").
 */
export function accountLabel(row: PlatformConnectionRow, rows: readonly PlatformConnectionRow[]): string {
  const several = rows.filter((r) => r.platform === row.platform).length > 1;
  return several ? `${nameOf(row.platform)} (${row.account_name})` : nameOf(row.platform);
}

const listed = (labels: readonly string[]) =>
  labels.length <= 1 ? labels.join('') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;

/**
 * The connection each target goes out through, in order: the one it names, or the project's only account of its
 * platform. A connection that is not one of this project's is unknown (404, so another person's stays hidden),
 * and one of another platform is 400 `connection_platform_mismatch`. 409 `not_connected` names every platform
 * without an account, 409 `connection_required` every platform with several accounts where the target names
 * none, 409 `needs_reconnect` every account that must be connected again first. 400 `duplicate_target` when
 * two targets come to the same account.
 */
export async function connectionsForTargets(
  db: DB,
  projectId: number,
  targets: readonly TargetAsk[],
): Promise<PlatformConnectionRow[]> {
  return pickConnections(await listConnectionsOfProject(db, projectId), targets);
}

/**
 * Bulk scheduling and rules name platforms, and accounts (`connectionIds`) where a platform has several: each
 * platform goes to the accounts named of it, else to its only account (as connectionsForTargets says). A named
 * account must be one of this project's (404 otherwise) and of one of the platforms (400
 * `connection_platform_mismatch`).
 */
export async function connectionsForPlatforms(
  db: DB,
  projectId: number,
  platforms: readonly PlatformKey[],
  connectionIds: readonly number[] = [],
): Promise<PlatformConnectionRow[]> {
  const rows = await listConnectionsOfProject(db, projectId);
  const named = namedAccounts(rows, platforms, connectionIds);
  const targets = platforms.flatMap((platform): TargetAsk[] => {
    const ofPlatform = named.filter((row) => row.platform === platform);
    return ofPlatform.length > 0 ? ofPlatform.map((row) => ({ platform, connectionId: row.id })) : [{ platform }];
  });
  return pickConnections(rows, targets);
}

/**
 * The accounts named by id among the project's connections `rows`: 404 for one that is not there, 400
 * `connection_platform_mismatch` for one of a platform not in `platforms`.
 */
export function namedAccounts(
  rows: readonly PlatformConnectionRow[],
  platforms: readonly PlatformKey[],
  connectionIds: readonly number[],
): PlatformConnectionRow[] {
  return connectionIds.map((id) => {
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound('Connection');
    if (!platforms.includes(row.platform as PlatformKey)) {
      throw badRequest(
        `Connection ${id} is a ${nameOf(row.platform)} account: add ${nameOf(row.platform)} to the platforms, or leave it out`,
        'connection_platform_mismatch',
      );
    }
    return row;
  });
}

/** connectionsForTargets on the project's connections, read already. */
export function pickConnections(
  rows: readonly PlatformConnectionRow[],
  targets: readonly TargetAsk[],
): PlatformConnectionRow[] {
  const ofPlatform = (platform: string) => rows.filter((row) => row.platform === platform);
  for (const target of targets) {
    if (target.connectionId === undefined) continue;
    const row = rows.find((r) => r.id === target.connectionId);
    if (!row) throw notFound('Connection');
    if (row.platform !== target.platform) {
      throw badRequest(
        `Connection ${row.id} is a ${nameOf(row.platform)} account, not a ${nameOf(target.platform)} one`,
        'connection_platform_mismatch',
      );
    }
  }
  const unnamed = [...new Set(targets.filter((t) => t.connectionId === undefined).map((t) => t.platform))];
  const missing = unnamed.filter((platform) => ofPlatform(platform).length === 0);
  if (missing.length > 0) {
    const verb = missing.length === 1 ? 'is' : 'are';
    throw conflict(
      `${platformNames(missing)} ${verb} not connected to this project: connect ${missing.length === 1 ? 'it' : 'them'} on the Accounts screen first`,
      'not_connected',
    );
  }
  const several = unnamed.filter((platform) => ofPlatform(platform).length > 1);
  if (several.length > 0) {
    const verb = several.length === 1 ? 'has' : 'have';
    throw conflict(
      `${platformNames(several)} ${verb} several accounts connected to this project: say which account each post ` +
        'goes to (connectionId)',
      'connection_required',
    );
  }
  const chosen = targets.map((t) =>
    t.connectionId === undefined ? ofPlatform(t.platform)[0]! : rows.find((r) => r.id === t.connectionId)!,
  );
  const stale = [...new Set(chosen.filter((row) => row.status === 'needs_reconnect'))];
  if (stale.length > 0) {
    throw conflict(
      `Reconnect ${listed(stale.map((row) => accountLabel(row, rows)))} on the Accounts screen first: the platform no longer accepts the connection`,
      'needs_reconnect',
    );
  }
  const twice = chosen.filter((row, i) => chosen.indexOf(row) !== i);
  if (twice.length > 0) {
    throw badRequest(
      `Each account at most once: ${listed([...new Set(twice)].map((row) => accountLabel(row, rows)))} is asked for twice`,
      'duplicate_target',
    );
  }
  return chosen;
}

/**
 * A post of the same video to the same account that is waiting, under way, live, or may be live (unconfirmed)
 * stops another: a second would publish the video twice there. A failed or cancelled one does not; nor does
 * one on another account of the same platform (a second channel may carry the video too).
 */
export const BLOCKING_STATUSES: readonly PostStatus[] = [
  'scheduled',
  'awaiting_approval',
  'publishing',
  'published',
  'unconfirmed',
];

const WHAT: Record<string, string> = {
  scheduled: 'is scheduled there',
  awaiting_approval: 'is scheduled there, awaiting approval',
  publishing: 'is being published there',
  published: 'is already published there',
  unconfirmed: 'may already be there (unconfirmed: check the platform, then retry that post)',
};

/** A video going to one platform account, as the blocking rule reads it. */
export interface PostPair {
  videoId: number;
  platform: string;
  /** The platform's id of the account, and its name. */
  accountId: string;
  accountName: string;
  title: string;
}

/**
 * Whether a post already there blocks this pair: same video and account. A post made before accounts were
 * recorded on posts (account unknown, its connection gone) counts as any account of its platform.
 */
export const blocks = (existing: { video_id: number; platform: string; account_id: string | null }, pair: PostPair) =>
  existing.video_id === pair.videoId &&
  existing.platform === pair.platform &&
  (existing.account_id === null || existing.account_id === pair.accountId);

/** 409 `already_posted` when one of these video-and-account pairs already has a post that blocks another. */
export async function assertNotPosted(db: DB, pairs: readonly PostPair[], exceptPostId?: number): Promise<void> {
  const videoIds = [...new Set(pairs.map((p) => p.videoId))];
  const existing = await findPostsInStatus(db, videoIds, BLOCKING_STATUSES, exceptPostId);
  const clashes = pairs.flatMap((pair) => {
    const found = existing.find((e) => blocks(e, pair));
    const where = `${nameOf(pair.platform)} (${pair.accountName})`;
    return found ? [`"${pair.title}" ${WHAT[found.status]} on ${where}`] : [];
  });
  if (clashes.length > 0) throw conflict(`${clashes.join('; ')}. Nothing was created.`, 'already_posted');
}
