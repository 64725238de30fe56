import { PLATFORMS, type PlatformKey } from '@fanout/contracts';
import type { DB } from '../../db/database';
import { conflict, notFound } from '../../http/errors';
import {
  findSlotTimeZone,
  listPostingSlots,
  listTakenTimes,
  lockProjectQueue,
} from '../../repositories/posting-slots.repository';
import { latestTime } from '../posts/post-time';
import { slotInstants } from './slot-instants';

const labelOf = (platform: PlatformKey) => PLATFORMS.find((p) => p.key === platform)?.label ?? platform;

/** The account whose queue is filled. */
export interface QueueAccount {
  id: number;
  platform: string;
}

/**
 * "Add to queue": the next `count` free posting slots of an account in the project after `after`, earliest
 * first, in the project's slot time zone (DST-correct). Its slots are those of its platform that are for every
 * account or name it; a slot is free when no post of that account holds it (two accounts of a platform may each
 * post in one slot). Call inside the transaction that creates the posts: it takes the project's queue lock, so
 * two requests never get the same slot. 409 `no_slots` when the account has no slot; 409 `no_free_slots` when
 * the slots of the coming year are too few.
 */
export async function queueTimes(
  db: DB,
  projectId: number,
  account: QueueAccount,
  count: number,
  after: Date,
): Promise<Date[]> {
  await lockProjectQueue(db, projectId);
  const zone = await findSlotTimeZone(db, projectId);
  if (zone === undefined) throw notFound('Project');
  const platform = account.platform as PlatformKey;
  const slots = (await listPostingSlots(db, projectId, platform)).filter(
    (slot) => slot.connection_ids === null || slot.connection_ids.includes(account.id),
  );
  if (slots.length === 0) {
    throw conflict(
      `No posting slots for ${labelOf(platform)} yet: add some in Project Settings → Posting slots, or choose a time`,
      'no_slots',
    );
  }
  const until = latestTime(after);
  const taken = new Set((await listTakenTimes(db, projectId, account.id, after, until)).map((at) => at.getTime()));
  const times: Date[] = [];
  for (const instant of slotInstants(slots, zone, after, until)) {
    if (times.length >= count) break;
    if (!taken.has(instant.getTime())) times.push(instant);
  }
  if (times.length < count) {
    throw conflict(
      `Only ${times.length} free ${labelOf(platform)} slot${times.length === 1 ? '' : 's'} in the coming year for ` +
        `${count} post${count === 1 ? '' : 's'}: add slots or choose a time`,
      'no_free_slots',
    );
  }
  return times;
}
