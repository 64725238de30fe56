import type { AppContext } from '../context';
import { sweepPosts } from '../services/publishing/publish-sweep';

export function sweepPostsJob(ctx: AppContext, startup: boolean): Promise<{ queued: number; released: number }> {
  return sweepPosts(ctx, { startup });
}
