import type { AppContext } from '../../context';
import {
  findOpenRenditions,
  markRenditionFailed,
  releaseAllRenditionLeases,
} from '../../repositories/renditions.repository';
import { resumePostsOfCopy } from '../publishing/copy-wait';
import { MAX_RENDER_ATTEMPTS } from './render-rendition';
import { queueRender } from './render-queue';

const SWEEP_BATCH = 500;

/**
 * Gives every copy left waiting a render job (one whose job was never sent, or whose render died with its
 * process once its lease ran out), and fails a copy interrupted too often. At a worker's start, the renders still
 * held get a job for when their lease runs out: if their process died, they start again then, without waiting
 * for the minute's sweep. On the embedded database the one process that renders has just started, so every
 * hold ends at once.
 */
export async function sweepRenditions(ctx: AppContext, { startup = false } = {}) {
  const released = startup && ctx.dbKind === 'pglite' ? await releaseAllRenditionLeases(ctx.db) : 0;
  let queued = 0;
  let failed = 0;
  for (const row of await findOpenRenditions(ctx.db, SWEEP_BATCH, { withLiveLeases: startup })) {
    if (row.status === 'rendering' && row.attempts >= MAX_RENDER_ATTEMPTS && row.leaseExpired) {
      await markRenditionFailed(ctx.db, row.id, undefined, {
        code: 'render_interrupted',
        message: `The render was interrupted ${row.attempts} times (the server stopped while it ran). Ask for the copy again.`,
      });
      await resumePostsOfCopy(ctx, row.id);
      failed++;
      continue;
    }
    const startAfter =
      row.leaseExpired || !row.lease_expires_at ? undefined : new Date(row.lease_expires_at.getTime() + 500);
    await queueRender(ctx, row, startAfter);
    queued++;
  }
  return { queued, failed, released };
}
