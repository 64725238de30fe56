import type { JobDefinitions } from '../src/jobs/define-job';
import type { JobQueue, JobState } from '../src/jobs/job-queue';

const FINISHED: JobState[] = ['completed', 'failed', 'cancelled'];

/** Waits until a job has finished (pg-boss's state in the database), and returns how it ended. */
export async function waitForJob<Ds extends JobDefinitions>(
  jobs: JobQueue<Ds>,
  name: keyof Ds & string,
  id: string,
  timeoutMs = 15_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await jobs.state(name, id);
    if (job && FINISHED.includes(job.state)) return job;
    if (Date.now() > deadline) throw new Error(`job ${name} ${id} still ${job?.state ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until `check` holds, looking every 50 ms. */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
