import type { AppContext } from '../../context';

/**
 * Hands a post to the scheduler: a `posts.publish` job that runs at `dueAt` (at once when it is past). Safe to
 * call more than once for the same post and time (the job is keyed on both), and safe to call for a post that
 * is cancelled or rescheduled meanwhile: the runner claims a post only when it is still due and unheld.
 * The posts API calls this after its transaction commits; the sweep calls it for whatever was missed.
 */
export async function enqueuePublish(ctx: AppContext, postId: number, dueAt: Date): Promise<void> {
  void ctx;
  void postId;
  void dueAt;
  // Implemented by the publish runner (services/publishing).
}
