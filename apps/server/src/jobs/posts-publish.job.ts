import type { AppContext } from '../context';
import { runPublishJob, type PublishJobOutcome } from '../services/publishing/publish-runner';

export function publishPostJob(ctx: AppContext, postId: number): Promise<{ outcome: PublishJobOutcome }> {
  return runPublishJob(ctx, postId);
}
