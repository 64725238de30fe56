import type { AppContext } from '../../context';

/**
 * Hands a post to the scheduler: a `posts.publish` job that runs at `dueAt` (at once when it is past). Safe to
 * call more than once for the same post and time (the job is keyed on both), and safe to call for a post that
 * is cancelled or rescheduled meanwhile: the runner claims a post only when it is still due and unheld.
 * The posts API calls this after its transaction commits; the sweep calls it for whatever was missed.
 */
export async function enqueuePublish(ctx: AppContext, postId: number, dueAt: Date): Promise<void> {
  // A due time read from the database lost its microseconds on the way: a job started exactly at the
  // millisecond could find the post not due yet, so it starts one millisecond later.
  const startAfter = new Date(dueAt.getTime() + 1);
  await ctx.jobs.send('posts.publish', { postId, dueAt: dueAt.getTime() }, { startAfter });
}
