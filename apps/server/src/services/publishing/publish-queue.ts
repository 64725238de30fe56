import type { AppContext } from '../../context';

/**
 * Hands a post to the scheduler: a `posts.publish` job that runs at `dueAt` (at once when it is past). Safe to
 * call more than once for the same post and time (the job is keyed on both), and safe to call for a post that
 * is cancelled or rescheduled meanwhile: the runner claims a post only when it is still due and unheld.
 * The posts API calls this after its transaction commits; the sweep calls it for whatever was missed.
 */
export async function enqueuePublish(ctx: AppContext, postId: number, dueAt: Date): Promise<void> {
  await ctx.jobs.send('posts.publish', { postId, dueAt: dueAt.getTime() }, { startAfter: startAfterOf(dueAt) });
}

/** The same for many posts at once, in a few statements (an import, a bulk schedule). */
export async function enqueuePublishMany(ctx: AppContext, posts: readonly { postId: number; dueAt: Date }[]) {
  await ctx.jobs.sendMany(
    'posts.publish',
    posts.map(({ postId, dueAt }) => ({
      payload: { postId, dueAt: dueAt.getTime() },
      startAfter: startAfterOf(dueAt),
    })),
  );
}

/**
 * A due time read from the database lost its microseconds on the way: a job started exactly at the
 * millisecond could find the post not due yet, so it starts one millisecond later.
 */
const startAfterOf = (dueAt: Date) => new Date(dueAt.getTime() + 1);

/** Hands a published post's first comment to a worker (its retry, or one its publish run left unsent). */
export async function enqueueFirstComment(ctx: AppContext, postId: number): Promise<void> {
  await ctx.jobs.send('posts.first-comment', { postId, at: Date.now() });
}
