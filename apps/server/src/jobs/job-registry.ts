import type { JobHandlers } from './define-job';
import type { AppJobs } from './job-definitions';
import { syncDueMetricsJob } from './analytics-sync-due.job';
import { refreshDueConnectionsJob } from './connections-refresh-due.job';
import { publishPostJob } from './posts-publish.job';
import { runFirstComment } from '../services/publishing/first-comment';
import { dispatchRulesJob } from './rules-dispatch.job';
import { deliverWebhookJob } from './webhooks-deliver.job';
import { sweepPostsJob } from './posts-sweep.job';
import { sweepUploadsJob } from './uploads-sweep.job';
import { renderRenditionJob, sweepRenditionsJob } from './renditions.job';

/** The handler of each job in job-definitions.ts. */
export const jobHandlers: JobHandlers<AppJobs> = {
  'uploads.sweep': (ctx) => sweepUploadsJob(ctx),
  'connections.refresh-due': (ctx) => refreshDueConnectionsJob(ctx),
  'posts.publish': (ctx, { postId }) => publishPostJob(ctx, postId),
  'posts.first-comment': async (ctx, { postId }) => ({ outcome: await runFirstComment(ctx, postId) }),
  'posts.sweep': (ctx, { startup }) => sweepPostsJob(ctx, startup ?? false),
  'renditions.render': (ctx, { renditionId }) => renderRenditionJob(ctx, renditionId),
  'renditions.sweep': (ctx, { startup }) => sweepRenditionsJob(ctx, startup ?? false),
  'analytics.sync-due': (ctx) => syncDueMetricsJob(ctx),
  'rules.dispatch': (ctx) => dispatchRulesJob(ctx),
  'webhooks.deliver': (ctx, payload) => deliverWebhookJob(ctx, payload),
};
