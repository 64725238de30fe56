import { sql } from 'kysely';
import { jobDefinitions } from '../src/jobs/job-definitions';
import type { TestServer } from './test-server';

/** Jobs that run on a timer, whatever any request does (and the job queue's own). */
const SCHEDULED = new Set(Object.entries(jobDefinitions).flatMap(([name, job]) => ('cron' in job ? [name] : [])));

/** The work requests put on the queue: jobs of every kind but the scheduled ones, as sent (not as they run). */
async function queuedWork(server: TestServer): Promise<string[]> {
  const jobs = await sql<{ id: string; name: string; data: unknown }>`select id, name, data from pgboss.job`.execute(
    server.ctx.db,
  );
  return jobs.rows
    .filter((job) => !SCHEDULED.has(job.name) && !job.name.startsWith('__pgboss__'))
    .map((job) => JSON.stringify(job))
    .sort();
}

/**
 * The counts of the limits on expensive calls: a read is counted like any call (they limit what the platforms'
 * quotas and the server spend, not what is changed).
 */
const CALL_COUNTS = new Set(['request_limit_hits']);

/**
 * Every row of every table of the application, as text, but the column that records a token's use and the
 * counts of calls; and the work queued (the queue's tables change as its timers and workers run, whatever the requests do).
 */
export async function databaseState(server: TestServer): Promise<Record<string, string[]>> {
  const tables = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema', 'pgboss')
    order by 1, 2`.execute(server.ctx.db);
  const state: Record<string, string[]> = {};
  for (const { schema, name } of tables.rows) {
    if (CALL_COUNTS.has(name)) continue;
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(`${schema}.${name}`)}`.execute(
      server.ctx.db,
    );
    state[`${schema}.${name}`] = rows.rows
      .map((row) => {
        if (name === 'api_tokens') delete row.last_used_at;
        return JSON.stringify(row);
      })
      .sort();
  }
  state.queued = await queuedWork(server);
  return state;
}
