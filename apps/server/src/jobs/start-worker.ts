import type { AppContext } from '../context';
import type { JobHandlers } from './define-job';
import { jobDefinitions, type AppJobs } from './job-definitions';
import { jobHandlers } from './job-registry';
import { checkHandlers, runJob } from './run-job';
import { watchForRuleEvents } from '../services/rules/rules-watcher';

/**
 * Makes this process a worker: runs the start-up jobs (each worker process, once, before anything else: what a
 * crash of this machine left behind should not wait for the next cron), then takes jobs from every queue.
 */
export async function startWorker(ctx: AppContext, handlers: JobHandlers<AppJobs> = jobHandlers): Promise<void> {
  checkHandlers(jobDefinitions, handlers);
  for (const [name, definition] of Object.entries(jobDefinitions)) {
    if (definition.atStartup === undefined) continue;
    // A failed start-up run is logged by runJob; the cron runs the job again later, so start-up goes on.
    await runJob(ctx, jobDefinitions, handlers, { id: 'at-startup', name, data: definition.atStartup }).catch(() => {});
  }
  await ctx.jobs.work(ctx, handlers);
  watchForRuleEvents(ctx);
}
