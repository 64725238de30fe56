import { setMaxListeners } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { AppContext } from '../context';
import type { DB } from '../db/database';
import { PgBossDb } from '../db/pg-boss-db';
import { observeJobStart } from '../metrics-registry';
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

/** How often a queue's workers beyond the first look for jobs on their own (they are mostly woken). */
const SPARE_WORKER_POLLING_SECONDS = 30;

/** How long stopping waits for jobs under way before it fails them back to their queue. */
const STOP_WAIT_MS = 5_000;

/**
 * A job sent to start later wakes a worker of this process at its time instead of waiting for the next poll;
 * only this far ahead (later ones are sent again nearer their time, or found by polling).
 */
const WAKE_AHEAD_MS = 15 * 60_000;

export interface SendOptions {
  /** Not before this moment: pg-boss holds the job until then. */
  startAfter?: Date;
}

/** This process's pg-boss workers on one queue, each taking one job at a time. */
interface QueueWorker {
  id?: string;
  busy: boolean;
}

export interface JobQueueOptions {
  /** Runs the cron clock and pg-boss's maintenance: worker processes do, API-only ones leave it to them. */
  keepsTime: boolean;
}

export type JobState = PgBoss.JobWithMetadata['state'];

/** pg-boss on the app's database: send jobs from any process, work them where a worker runs. */
/** Jobs per statement in sendMany. */
const SEND_MANY_CHUNK = 1_000;

export class JobQueue<Ds extends JobDefinitions = AppJobs> {
  private readonly sql: PgBossDb;
  private readonly boss: PgBoss;
  /** Queue name → this process's workers on it, to wake an idle one when a job is due. */
  private readonly workers = new Map<string, QueueWorker[]>();
  private readonly running = new Set<Promise<unknown>>();
  private readonly wakeTimers = new Map<string, NodeJS.Timeout>();
  private readonly stopping = new AbortController();
  private stopped?: Promise<void>;

  constructor(
    db: DB,
    private readonly log: FastifyBaseLogger,
    private readonly definitions: Ds,
    private readonly options: JobQueueOptions,
  ) {
    // Every job under way may wait on it (a publishing run pausing between steps): dozens at once is normal.
    setMaxListeners(0, this.stopping.signal);
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

  /** Aborted as soon as stopping begins: a long job lets go of its work at its next safe point. */
  get stopSignal(): AbortSignal {
    return this.stopping.signal;
  }

  /**
   * Queues a job. Returns its id, or null when the definition's job key or singleton key says it is already
   * there (that is not an error: the job will run, once).
   */
  async send<N extends keyof Ds & string>(
    name: N,
    payload: PayloadOf<Ds[N]>,
    { startAfter }: SendOptions = {},
  ): Promise<string | null> {
    const definition = this.definition(name);
    const data = definition.payload.parse(payload) as object;
    const options: PgBoss.SendOptions = {};
    if (definition.jobKey) options.id = jobIdFor(name, definition.jobKey(data));
    if (definition.singletonKey) options.singletonKey = definition.singletonKey(data);
    if (startAfter) options.startAfter = startAfter;
    const id = await this.boss.send(name, data, options);
    if (startAfter && startAfter.getTime() > Date.now()) this.wakeAt(name, options.id ?? id, startAfter.getTime());
    else if (id) this.wake(name);
    return id;
  }

  /**
   * Queues many jobs of one queue in a few statements (1,000 a statement) instead of one call each: what a
   * CSV import of 10,000 posts hands to the scheduler. Keys work as in `send`: a job already there is left as
   * it is.
   */
  async sendMany<N extends keyof Ds & string>(
    name: N,
    jobs: readonly { payload: PayloadOf<Ds[N]>; startAfter?: Date }[],
  ): Promise<void> {
    const definition = this.definition(name);
    const inserts: PgBoss.JobInsert[] = jobs.map(({ payload, startAfter }) => {
      const data = definition.payload.parse(payload) as object;
      return {
        name,
        data,
        ...(definition.jobKey ? { id: jobIdFor(name, definition.jobKey(data)) } : {}),
        ...(definition.singletonKey ? { singletonKey: definition.singletonKey(data) } : {}),
        ...(startAfter ? { startAfter: startAfter.toISOString() } : {}),
      };
    });
    for (let i = 0; i < inserts.length; i += SEND_MANY_CHUNK)
      await this.boss.insert(inserts.slice(i, i + SEND_MANY_CHUNK));
    const now = Date.now();
    let dueNow = false;
    for (const job of inserts) {
      const at = job.startAfter ? new Date(job.startAfter).getTime() : now;
      if (at > now) this.wakeAt(name, job.id ?? null, at);
      else dueNow = true;
    }
    if (dueNow) this.wake(name);
  }

  /** Where a job stands, also after it has been archived; null when there is no such job. */
  async state(name: keyof Ds & string, id: string): Promise<{ state: JobState; output: unknown } | null> {
    const job = await this.boss.getJobById(name, id, { includeArchive: true });
    return job ? { state: job.state, output: job.output } : null;
  }

  /** Throws when the job queue cannot be reached or is not set up (a readiness check). */
  async check(): Promise<void> {
    if (this.stopped) throw new Error('The job queue has stopped');
    if (!(await this.boss.isInstalled())) throw new Error('The job queue is not installed');
  }

  /** The crons pg-boss keeps in this database, by job name. */
  async schedules(): Promise<{ name: string; cron: string; timezone: string }[]> {
    const rows = (await this.boss.getSchedules()) as (PgBoss.Schedule & { timezone: string })[];
    return rows
      .map(({ name, cron, timezone }) => ({ name, cron, timezone }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * Takes jobs of every queue in this process: one at a time per queue, or as many at once as the
   * definition's `concurrency` (one pg-boss worker each; pg-boss 10 runs one handler per worker).
   */
  async work(ctx: AppContext, handlers: JobHandlers<Ds>): Promise<void> {
    checkHandlers(this.definitions, handlers);
    for (const [name, definition] of Object.entries(this.definitions)) {
      const concurrency = definition.concurrency ?? 1;
      const count = typeof concurrency === 'number' ? concurrency : concurrency(ctx.config);
      const workers: QueueWorker[] = [];
      this.workers.set(name, workers);
      for (let i = 0; i < Math.max(1, count); i++) {
        const worker: QueueWorker = { busy: false };
        workers.push(worker);
        // One worker per queue polls at the queue's pace; the others poll rarely and are woken instead: by a
        // worker that found a job (a burst fans out at once), by a job of this process falling due, by the end
        // of a job. Thirty-two workers polling every two seconds would keep an idle server busy.
        const polling = i === 0 ? {} : { pollingIntervalSeconds: SPARE_WORKER_POLLING_SECONDS };
        worker.id = await this.boss.work(name, { batchSize: 1, includeMetadata: true, ...polling }, async ([job]) => {
          if (!job) return;
          worker.busy = true;
          // How late it started: from the later of its start time and its creation (the metric's lateness).
          observeJobStart(name, dueTime(job));
          this.wake(name);
          const run = runJob(ctx, this.definitions, handlers, { id: job.id, name, data: job.data });
          this.running.add(run);
          try {
            return await run;
          } finally {
            this.running.delete(run);
            worker.busy = false;
            // pg-boss waits a whole polling interval after each job; a queue with more waiting should not.
            if (worker.id && !this.stopped) this.boss.notifyWorker(worker.id);
          }
        });
      }
    }
  }

  /** An idle worker of this process looks for jobs now; busy ones look again as they finish. */
  private wake(name: string): void {
    const idle = this.workers.get(name)?.find((w) => !w.busy && w.id);
    if (idle?.id && !this.stopped) this.boss.notifyWorker(idle.id);
  }

  /**
   * Wakes a worker when a job sent to start later is due (once per job), where this process works jobs: the
   * queue's own polling would start it up to a polling interval late.
   */
  private wakeAt(name: string, jobId: string | null, at: number): void {
    if (!this.workers.has(name) && !this.options.keepsTime) return;
    const wait = at - Date.now();
    const key = `${name}:${jobId ?? at}`;
    if (wait > WAKE_AHEAD_MS || this.wakeTimers.has(key) || this.stopped) return;
    // pg-boss compares start_after with the database's clock: a few ms later, the job is surely due there.
    const timer = setTimeout(() => {
      this.wakeTimers.delete(key);
      this.wake(name);
    }, wait + 5);
    timer.unref();
    this.wakeTimers.set(key, timer);
  }

  /**
   * Stops taking jobs, waits a short while for those under way (the rest fail back to their queue and run
   * again elsewhere), and lets go of the database, which can close after this.
   */
  stop(): Promise<void> {
    return (this.stopped ??= (async () => {
      this.stopping.abort();
      for (const timer of this.wakeTimers.values()) clearTimeout(timer);
      this.wakeTimers.clear();
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

function dueTime(job: PgBoss.JobWithMetadata<unknown>): Date | undefined {
  const at = [job.startAfter, job.createdOn].map((d) => (d ? new Date(d).getTime() : NaN)).filter(Number.isFinite);
  return at.length ? new Date(Math.max(...at)) : undefined;
}

function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());
}
