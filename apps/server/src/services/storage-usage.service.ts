import type { StorageResponse } from '@fanout/contracts';
import type { AppContext } from '../context';
import { sumRenditionBytesOfUser } from '../repositories/renditions.repository';
import { sumCaptionBytesOfUser } from '../repositories/video-captions.repository';
import { sumStorageOfUser } from '../repositories/videos.repository';

/**
 * Bytes the user's videos, thumbnails, covers, caption files and fitting copies take (a copy on its way counts what it is expected to
 * weigh, so the quota it was let in under stays held); `db` may be a transaction.
 */
export async function usedBytes(ctx: AppContext, userId: number, db = ctx.db): Promise<number> {
  return (
    (await sumStorageOfUser(db, userId)) +
    (await sumRenditionBytesOfUser(db, userId)) +
    (await sumCaptionBytesOfUser(db, userId))
  );
}

export async function storageUsage(ctx: AppContext, userId: number): Promise<StorageResponse> {
  return { used_storage: await usedBytes(ctx, userId), total_storage: ctx.config.storageQuotaBytes };
}

/** Bytes, KB, MB or GB in steps of 1024 with 2 decimals, as the sidebar shows storage. */
export function formatBytes(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} Bytes` : `${value.toFixed(2)} ${units[unit]}`;
}
