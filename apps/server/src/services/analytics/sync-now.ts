import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { AnalyticsSyncResult } from '@fanout/contracts';
import type { AppContext } from '../../context';
import {
  finishSyncRun,
  findSyncRun,
  lockedSyncRun,
  startSyncRun,
  touchSyncRun,
} from '../../repositories/analytics-sync-runs.repository';
import { findLastSyncedAt } from '../../repositories/post-metrics.repository';
import { countCall, REQUEST_LIMITS } from '../limits/request-limits';
import { getOwnProject } from '../projects.service';
import { syncProjectPosts } from './sync-metrics.service';

/** A running sync says it is alive this often; one silent for three times as long died with its process. */
const HEARTBEAT_MS = 10_000;
const STALE_SECONDS = 30;
/** How often a call that joined a run of another process looks whether it has finished. */
const JOIN_POLL_MS = 500;

/** Each process's runs in progress, by project: a second call of the same process awaits the same promise. */
const runsInProcess = new WeakMap<AppContext, Map<number, Promise<AnalyticsSyncResult>>>();

function runsOf(ctx: AppContext) {
  let runs = runsInProcess.get(ctx);
  if (!runs) runsInProcess.set(ctx, (runs = new Map()));
  return runs;
}

/**
 * POST /api/analytics/sync ("Sync now"): one run at a time per project, across every API process. A call while
 * one runs joins it and answers with its result; otherwise a new run starts, at most REQUEST_LIMITS.analyticsSync
 * a minute (429 `too_many_syncs` with Retry-After). Another user's project is 404 before anything is counted.
 */
export async function syncProjectNow(ctx: AppContext, userId: number, projectId: number): Promise<AnalyticsSyncResult> {
  await getOwnProject(ctx, userId, projectId);
  const runs = runsOf(ctx);
  const running = runs.get(projectId);
  if (running) return running;
  const run = startOrJoin(ctx, projectId).finally(() => runs.delete(projectId));
  runs.set(projectId, run);
  return run;
}

async function startOrJoin(ctx: AppContext, projectId: number): Promise<AnalyticsSyncResult> {
  for (;;) {
    const runId = randomUUID();
    const found = await ctx.db.transaction().execute(async (trx) => {
      const latest = await lockedSyncRun(trx, projectId, STALE_SECONDS);
      if (latest?.running) return latest;
      await countCall(trx, REQUEST_LIMITS.analyticsSync, projectId);
      await startSyncRun(trx, projectId, runId);
      return null;
    });
    if (!found) return run(ctx, projectId, runId);
    const result = await awaitRun(ctx, projectId, found.runId);
    // Its process died, or it ended without an answer: start one (or join the one started meanwhile).
    if (result) return result;
  }
}

async function run(ctx: AppContext, projectId: number, runId: string): Promise<AnalyticsSyncResult> {
  const heartbeat = setInterval(() => {
    touchSyncRun(ctx.db, projectId, runId).catch((err: unknown) => ctx.log.warn({ err }, 'sync heartbeat failed'));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const counts = await syncProjectPosts(ctx, projectId);
    await finishSyncRun(ctx.db, projectId, runId, counts);
    return withLastSynced(ctx, projectId, counts);
  } catch (err) {
    await finishSyncRun(ctx.db, projectId, runId, null).catch(() => undefined);
    throw err;
  } finally {
    clearInterval(heartbeat);
  }
}

/** Waits for another process's run to end: its answer, or null when it died or ended without one. */
async function awaitRun(ctx: AppContext, projectId: number, runId: string): Promise<AnalyticsSyncResult | null> {
  for (;;) {
    await delay(JOIN_POLL_MS);
    const state = await findSyncRun(ctx.db, projectId, STALE_SECONDS);
    if (!state || state.runId !== runId) return null;
    if (!state.running) return state.result && withLastSynced(ctx, projectId, state.result);
  }
}

async function withLastSynced(ctx: AppContext, projectId: number, counts: { synced: number; failed: number }) {
  const last = await findLastSyncedAt(ctx.db, projectId);
  return { ...counts, lastSyncedAt: last?.toISOString() ?? null };
}
