import { z } from 'zod';
import { defineJob } from './define-job';

/** Jobs that take no input: their work is whatever is due when they run. */
const nothing = z.object({}).strict();

/**
 * Every background job, in one place: its name, payload, queue rules and schedule. Each has exactly one handler
 * in job-registry.ts. A name is also its pg-boss queue; renaming one leaves the old queue's jobs behind.
 */
export const jobDefinitions = {
  /** Files left by interrupted uploads and deletes, once they are an hour old (sweepStaleUploads). */
  'uploads.sweep': defineJob({
    payload: nothing,
    // One sweep at a time, and at most one more waiting: two would only race each other over the same files.
    queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 30 * 60 },
    singletonKey: () => 'uploads.sweep',
    cron: { schedule: '0 * * * *', payload: {} },
    // A crash leaves its files behind on this machine: the first sweep should not wait for the hour.
    atStartup: {},
  }),

  /** Renews the platform tokens that expire soon (refreshDueConnections). */
  'connections.refresh-due': defineJob({
    payload: nothing,
    queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 10 * 60 },
    singletonKey: () => 'connections.refresh-due',
    cron: { schedule: '*/5 * * * *', payload: {} },
  }),

  /**
   * Publishes one post when it is due (runPublishJob). Sent for a post's due time, keyed on post and time: the
   * same post and time sent twice is queued once. The post's lease, not pg-boss, says who works on it, so a
   * job is never retried by pg-boss: a run that dies is taken over from its journal once its lease runs out.
   */
  'posts.publish': defineJob({
    payload: z.object({ postId: z.number().int().positive(), dueAt: z.number().int() }).strict(),
    // The expiry only has to outlast one run (a run lets go after 30 minutes, services/publishing/publish-run.ts).
    queue: { policy: 'standard', retryLimit: 0, expireInSeconds: 60 * 60 },
    jobKey: ({ postId, dueAt }) => `publish:${postId}:${dueAt}`,
    concurrency: (config) => config.publishing.concurrency,
  }),

  /**
   * Sends the first comment of a published post (runFirstComment), when its publish run did not (it died
   * between the two) or a person retried it. Keyed on post and time; the comment's own compare-and-set says
   * who sends it, so a job sent twice, or beside the publish run, posts it once.
   */
  'posts.first-comment': defineJob({
    payload: z.object({ postId: z.number().int().positive(), at: z.number().int() }).strict(),
    queue: { policy: 'standard', retryLimit: 0, expireInSeconds: 15 * 60 },
    jobKey: ({ postId, at }) => `first-comment:${postId}:${at}`,
  }),

  /** Gives every post that is due (or soon will be) a publish job; lets go of dead runs' holds (sweepPosts). */
  'posts.sweep': defineJob({
    payload: z.object({ startup: z.boolean().optional() }).strict(),
    queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 10 * 60 },
    singletonKey: () => 'posts.sweep',
    cron: { schedule: '* * * * *', payload: {} },
    // Posts that fell due while no worker ran should not wait for the minute.
    atStartup: { startup: true },
  }),

  /**
   * Renders one fitting copy with ffmpeg (renderRendition). Keyed on the copy and the version of its row that was
   * queued: sent twice for the same state, run once. The copy's lease, not pg-boss, says who renders it, so a job
   * is never retried by pg-boss: a render that dies is queued again by the sweep once its lease runs out.
   */
  'renditions.render': defineJob({
    payload: z.object({ renditionId: z.number().int().positive(), version: z.string().max(64) }).strict(),
    // Long enough for any render the lease keeps alive; a longer one is still held by its lease, not the expiry.
    queue: { policy: 'standard', retryLimit: 0, expireInSeconds: 6 * 60 * 60 },
    jobKey: ({ renditionId, version }) => `render:${renditionId}:${version}`,
    concurrency: (config) => config.renditions.concurrency,
  }),

  /** Queues every copy left waiting or whose render died; fails one interrupted too often (sweepRenditions). */
  'renditions.sweep': defineJob({
    payload: z.object({ startup: z.boolean().optional() }).strict(),
    queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 10 * 60 },
    singletonKey: () => 'renditions.sweep',
    cron: { schedule: '* * * * *', payload: {} },
    // A render cut short by a restart starts again once its lease runs out, not at the next minute.
    atStartup: { startup: true },
  }),

  /** Reads the figures of every published post that is due again (syncDueMetrics; services/analytics). */
  'analytics.sync-due': defineJob({
    payload: nothing,
    queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 30 * 60 },
    singletonKey: () => 'analytics.sync-due',
    cron: { schedule: '*/5 * * * *', payload: {} },
  }),

  /** Runs the automation rules that new activity events trigger, each at most once per event (dispatchRules). */
  'rules.dispatch': defineJob({
    payload: nothing,
    // One dispatch at a time and one more waiting: the waiting one reads whatever came during the first.
    queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 30 * 60 },
    singletonKey: () => 'rules.dispatch',
    // Woken as events commit (services/rules/rules-watcher.ts); the minute covers a missed wake-up.
    cron: { schedule: '* * * * *', payload: {} },
    atStartup: {},
  }),

  /**
   * One try of one webhook of a rule's run, the first included (deliverWebhookTry): each delivery a job of its
   * own, so a slow receiver holds only its own. A failed try queues the next with backoff, for a day. Keyed on
   * run, action and try: sent twice, run once. Jobs queued before webhooks had ids (no `actionId`) still run.
   */
  'webhooks.deliver': defineJob({
    payload: z
      .object({
        runId: z.number().int().positive(),
        actionId: z.uuid().optional(),
        actionIndex: z.number().int().min(0),
        attempt: z.number().int().min(1),
        firstTryAt: z.number().int(),
      })
      .strict(),
    // The handler queues the next try itself (its own backoff); pg-boss only retries a try whose process died.
    // A try lasts at most WEBHOOK_TIMEOUT_SECONDS (at most 60), well inside the expiry.
    queue: { policy: 'standard', retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 5 * 60 },
    jobKey: ({ runId, actionIndex, attempt }) => `webhook:${runId}:${actionIndex}:${attempt}`,
    concurrency: (config) => config.webhooks.concurrency,
  }),
};

export type AppJobs = typeof jobDefinitions;
export type JobName = keyof AppJobs;
