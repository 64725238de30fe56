import { sql } from 'kysely';
import type { DB } from '../db/database';

/** The advisory-lock namespace of "Sync now" ('SYNC'): one project's runs are started one at a time. */
const SYNC_LOCK = 0x53594e43;

export interface SyncRunState {
  runId: string;
  /** Neither finished nor silent for longer than the given staleness: some process is running it. */
  running: boolean;
  result: { synced: number; failed: number } | null;
}

/** Inside a transaction: takes the project's lock until the transaction ends, then reads its latest run. */
export async function lockedSyncRun(trx: DB, projectId: number, staleSeconds: number): Promise<SyncRunState | null> {
  await sql`select pg_advisory_xact_lock(${SYNC_LOCK}::int, ${projectId}::int)`.execute(trx);
  return findSyncRun(trx, projectId, staleSeconds);
}

export async function findSyncRun(db: DB, projectId: number, staleSeconds: number): Promise<SyncRunState | null> {
  const row = await db
    .selectFrom('analytics_sync_runs')
    .select(['run_id', 'finished_at', 'synced', 'failed'])
    .select(sql<boolean>`alive_at > now() - make_interval(secs => ${staleSeconds})`.as('alive'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!row) return null;
  const finished = row.finished_at !== null;
  return {
    runId: row.run_id,
    running: !finished && row.alive,
    result: finished && row.synced !== null && row.failed !== null ? { synced: row.synced, failed: row.failed } : null,
  };
}

/** Starts the project's run `runId` now, replacing the one before. */
export async function startSyncRun(trx: DB, projectId: number, runId: string): Promise<void> {
  await trx
    .insertInto('analytics_sync_runs')
    .values({ project_id: projectId, run_id: runId, started_at: sql`now()`, alive_at: sql`now()` })
    .onConflict((oc) =>
      oc.column('project_id').doUpdateSet({
        run_id: runId,
        started_at: sql`now()`,
        alive_at: sql`now()`,
        finished_at: null,
        synced: null,
        failed: null,
      }),
    )
    .execute();
}

/** The run is still going (a no-op once another run replaced it). */
export async function touchSyncRun(db: DB, projectId: number, runId: string): Promise<void> {
  await db
    .updateTable('analytics_sync_runs')
    .set({ alive_at: sql`now()` })
    .where('project_id', '=', projectId)
    .where('run_id', '=', runId)
    .where('finished_at', 'is', null)
    .execute();
}

/** The run ended: with its answer, or without one (null) when it failed. */
export async function finishSyncRun(
  db: DB,
  projectId: number,
  runId: string,
  result: { synced: number; failed: number } | null,
): Promise<void> {
  await db
    .updateTable('analytics_sync_runs')
    .set({ finished_at: sql`now()`, synced: result?.synced ?? null, failed: result?.failed ?? null })
    .where('project_id', '=', projectId)
    .where('run_id', '=', runId)
    .execute();
}
