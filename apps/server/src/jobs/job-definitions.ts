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
};

export type AppJobs = typeof jobDefinitions;
export type JobName = keyof AppJobs;
