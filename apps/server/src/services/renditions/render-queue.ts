import type { AppContext } from '../../context';

/** What names one queuing of a copy: a version that changes with each start, so each is sent once. */
interface Queueable {
  id: number;
  attempts: number;
  updated_at: Date;
}

/**
 * Sends the render job of a copy waiting, or of one whose render died. Keyed on the copy's row as it is now
 * (its last change and its starts), so the same state sent twice (the request, then the sweep) is queued once.
 * `startAfter`: not before then (the lease of a render that may have died runs out).
 */
export async function queueRender(ctx: AppContext, row: Queueable, startAfter?: Date): Promise<void> {
  const version = `${row.updated_at.getTime()}-${row.attempts}`;
  await ctx.jobs.send('renditions.render', { renditionId: row.id, version }, startAfter ? { startAfter } : {});
}
