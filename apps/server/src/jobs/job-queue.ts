import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import { PgBossDb } from '../db/pg-boss-db';
import { jobIdFor, type JobDefinitions, type JobHandlers, type PayloadOf } from './define-job';
import type { AppJobs } from './job-definitions';
import { checkHandlers, runJob } from './run-job';
import { declareQueues, declareSchedules } from './queue-setup';

/**
 * pg-boss's clocks, kept slow: every process polls the same database (on PGlite through its one connection),
 * and a test run starts many servers on a 2-core machine.
 */
const TIMING = {
  // How soon a worker sees a job sent by another process; one sent by this process wakes its worker at once.
  pollingIntervalSeconds: 2,
  // Crons are due to the minute: looking twice a minute, and moving what is due every 15 s, keeps them on time.
  cronMonitorIntervalSeconds: 30,
  cronWorkerIntervalSeconds: 15,
  // Failing the jobs of a process that died, archiving finished ones: a few minutes late is fine.
  maintenanceIntervalSeconds: 300,
};

/** How long stopping waits for jobs under way before it fails them back to their queue. */
const STOP_WAIT_MS = 5_000;

export interface JobQueueOptions {
  /** Runs the cron clock and pg-boss's maintenance: worker processes do, API-only ones leave it to them. */
  keepsTime: boolean;
}

export type JobState = PgBoss.JobWithMetadata['state'];

/** pg-boss on the app's database: send jobs from any process, work them where a worker runs. */
export class JobQueue<Ds extends JobDefinitions = AppJobs> {
  private readonly sql: PgBossDb;
  private readonly boss: PgBoss;
  /** Queue name → this process's worker, to wake it when this process sends a job. */
  private readonly workers = new Map<string, string>();
  private readonly running = new Set<Promise<unknown>>();
  private stopped?: Promise<void>;

  constructor(
    db: DB,
    private readonly log: FastifyBaseLogger,
    private readonly definitions: Ds,
    private readonly options: JobQueueOptions,
  ) {
    this.sql = new PgBossDb(db);
    this.boss = new PgBoss({
      db: this.sql,
      schedule: options.keepsTime,
      supervise: options.keepsTime,
      ...TIMING,
    });
    // pg-boss reports what goes wrong in its loops as events; an unheard 'error' event would end the process.
    this.boss.on('error', (err: unknown) => {
      if (this.stopped) log.debug({ err }, 'job queue stopping');
      else log.warn({ err }, 'job queue error');
    });
  }

  /** Creates or upgrades pg-boss's schema, then this version's queues and (with the clock) its crons. */
  async start(): Promise<void> {
    await this.boss.start();
    await declareQueues(this.boss, this.definitions);
    if (this.options.keepsTime) await declareSchedules(this.boss, this.definitions);
  }

  /**
   * Queues a job. Returns its id, or null when the definition's job key or singleton key says it is already
   * there (that is not an error: the job will run, once).
   */
  async send<N extends keyof Ds & string>(name: N, payload: PayloadOf<Ds[N]>): Promise<string | null> {
    const definition = this.definition(name);
    const data = definition.payload.parse(payload) as object;
    const options: PgBoss.SendOptions = {};
    if (definition.jobKey) options.id = jobIdFor(name, definition.jobKey(data));
    if (definition.singletonKey) options.singletonKey = definition.singletonKey(data);
    const id = await this.boss.send(name, data, options);
    const worker = this.workers.get(name);
    if (id && worker) this.boss.notifyWorker(worker);
    return id;
  }

  /** Where a job stands, also after it has been archived; null when there is no such job. */
  async state(name: keyof Ds & string, id: string): Promise<{ state: JobState; output: unknown } | null> {
    const job = await this.boss.getJobById(name, id, { includeArchive: true });
    return job ? { state: job.state, output: job.output } : null;
  }

  /** The crons pg-boss keeps in this database, by job name. */
  async schedules(): Promise<{ name: string; cron: string; timezone: string }[]> {
    const rows = (await this.boss.getSchedules()) as (PgBoss.Schedule & { timezone: string })[];
    return rows
      .map(({ name, cron, timezone }) => ({ name, cron, timezone }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Takes jobs of every queue in this process, one at a time per queue. */
  async work(ctx: AppContext, handlers: JobHandlers<Ds>): Promise<void> {
    checkHandlers(this.definitions, handlers);
    for (const name of Object.keys(this.definitions)) {
      const id = await this.boss.work(name, { batchSize: 1 }, async ([job]) => {
        if (!job) return;
        const run = runJob(ctx, this.definitions, handlers, { id: job.id, name, data: job.data });
        this.running.add(run);
        try {
          return await run;
        } finally {
          this.running.delete(run);
          // pg-boss waits a whole polling interval after each job; a queue with more waiting should not.
          const worker = this.workers.get(name);
          if (worker && !this.stopped) this.boss.notifyWorker(worker);
        }
      });
      this.workers.set(name, id);
    }
  }

  /**
   * Stops taking jobs, waits a short while for those under way (the rest fail back to their queue and run
   * again elsewhere), and lets go of the database, which can close after this.
   */
  stop(): Promise<void> {
    return (this.stopped ??= (async () => {
      const deadline = Date.now() + STOP_WAIT_MS;
      await this.boss.stop({ graceful: true, wait: true, timeout: STOP_WAIT_MS });
      // A worker whose look-up was under way as it stopped may still start the job it found.
      while (Date.now() < deadline) {
        await this.sql.settled();
        await new Promise((resolve) => setImmediate(resolve));
        if (this.running.size === 0) break;
        await Promise.race([Promise.allSettled([...this.running]), delay(deadline - Date.now())]);
      }
      await this.sql.close();
    })());
  }

  private definition(name: string) {
    const definition = this.definitions[name];
    if (!definition) throw new Error(`No job is defined as ${name}`);
    return definition;
  }
}

function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());
}
