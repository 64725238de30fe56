import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { ConfigError, type Config } from './config/env';
import { createContext, type AppContext } from './context';
import { openDatabase, type DB } from './db/database';
import { migrateToLatest } from './db/migrate';
import { jobDefinitions } from './jobs/job-definitions';
import { JobQueue } from './jobs/job-queue';
import { startSandbox, type Sandbox } from './services/connections/sandbox-emulator';
import { MAKE_A_KEY } from './services/secret-box.service';
import { openCheckedSecretBox } from './services/secret-key-check.service';
import { sealPlainWebhookSecrets } from './services/rules/sealed-rule';

/** What every process role shares: config, database, job queue and context. Roles start on top of it. */
export interface Runtime {
  ctx: AppContext;
  /** Stops the job queue (after the jobs under way, briefly), then closes the database. */
  close(): Promise<void>;
}

/**
 * ROLE=api and ROLE=worker are processes that share one database. The embedded database lives inside one
 * process, so with it a server must do everything itself. They must also share one secret key: without
 * SECRET_KEY each would make a key file of its own, and seal what the others cannot open. Both are refused
 * before anything is opened.
 */
export function checkRole(config: Config): void {
  if (config.role === 'all') return;
  const problems: string[] = [];
  if (!config.databaseUrl) {
    problems.push(
      `ROLE: ROLE=${config.role} needs DATABASE_URL (a PostgreSQL server that its other processes share); ` +
        'the embedded database serves one process only, so without DATABASE_URL use ROLE=all',
    );
  }
  if (!config.secretKey) {
    problems.push(
      `SECRET_KEY: ROLE=${config.role} needs SECRET_KEY, the same in every process that shares the database ` +
        `(each would otherwise make a key file of its own); make one with ${MAKE_A_KEY}`,
    );
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
}

/**
 * The database as this version of the server needs it: migrations applied, pg-boss's schema, this version's
 * queues and, where the cron clock runs, its schedules. The test template (test-support) is made by this too.
 */
export async function prepareDatabase(db: DB, log: FastifyBaseLogger, role: Config['role']): Promise<JobQueue> {
  await migrate(db, log);
  return startJobQueue(db, log, role);
}

async function migrate(db: DB, log: FastifyBaseLogger): Promise<void> {
  const applied = await migrateToLatest(db);
  if (applied.length) log.info({ applied }, 'database migrated');
}

async function startJobQueue(db: DB, log: FastifyBaseLogger, role: Config['role']): Promise<JobQueue> {
  const jobs = new JobQueue(db, log, jobDefinitions, { keepsTime: role !== 'api' });
  try {
    await jobs.start();
  } catch (err) {
    await jobs.stop();
    throw err;
  }
  return jobs;
}

export async function openRuntime(config: Config): Promise<Runtime> {
  checkRole(config);
  const log = pino({ level: config.logLevel, base: undefined });
  for (const dir of [config.dataDir, config.mediaDir, config.tmpDir]) fs.mkdirSync(dir, { recursive: true });

  const { db, kind } = await openDatabase({ url: config.databaseUrl, dir: config.dbDir });
  let jobs: JobQueue | undefined;
  let sandbox: Sandbox | undefined;
  // Jobs stop before the emulator they may be calling, and both before the database.
  const closeAll = async () => {
    await jobs?.stop();
    await sandbox?.close();
    await db.destroy();
  };
  try {
    await migrate(db, log);
    // Before any job can run: a process with the wrong key stops before it touches a sealed secret.
    const secretBox = await openCheckedSecretBox(config, db, log);
    jobs = await startJobQueue(db, log, config.role);
    sandbox = await startSandbox(config, log);
    const ctx = createContext({ config, db, dbKind: kind, log, emulator: sandbox?.target, jobs, secretBox });
    await ctx.storage.open();
    // Needs the secret key, which migrations do not have: before this process serves or works.
    await sealPlainWebhookSecrets(ctx);
    let closing: Promise<void> | undefined;
    return { ctx, close: () => (closing ??= closeAll()) };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
