/**
 * CSV import at scale: a server in this process (ROLE=all, sandbox emulator) on a fresh embedded database and
 * on a throw-away PostgreSQL cluster; one project with an X account and BENCH_CSV_ROWS videos (default 10,000);
 * then `POST /api/posts/import` of one row per video (video_id, platforms=x, a time each minute apart), as a
 * dry run and for real: seconds each, the event loop's longest stall during the dry run, and the posts made.
 * Then hostile files (scripts/bench-csv-refusals.ts): how fast each is refused and what it costs other requests.
 * BENCH_CSV=0 skips it; BENCH_CSV_DB: `embedded`, `postgres` or `both` (default). Run alone:
 * `node --import tsx scripts/bench-csv.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../apps/server/src/config/env';
import { startServer, type RunningServer } from '../apps/server/src/server';
import { connectAccount } from '../apps/server/test/connections';
import { createProject, registerUser } from '../apps/server/test/factories';
import { seedVideos } from '../apps/server/test/seed-videos';
import { startPostgresCluster } from '../test-support/postgres-cluster';
import { benchRefusals, printRefusals, type RefusalFigure } from './bench-csv-refusals';

export interface CsvFigures {
  db: 'embedded' | 'postgres';
  rows: number;
  dryRunSeconds: number;
  realSeconds: number;
  created: number;
  /** The event loop's longest stall while the dry run was answered (ms). */
  dryRunLoopStallMs: number;
  refusals: RefusalFigure[];
}

const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 10_000);

async function importOnce(server: RunningServer, token: string, projectId: number, csv: string, dryRun: boolean) {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/posts/import?project_id=${projectId}&dry_run=${dryRun}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  const body = (await res.json()) as { created?: number; rows?: { ok: boolean }[]; error?: string };
  const seconds = (performance.now() - started) / 1000;
  if (res.status >= 300) throw new Error(`import answered ${res.status}: ${body.error ?? ''}`);
  return { seconds, created: body.created ?? 0 };
}

async function benchOn(db: 'embedded' | 'postgres'): Promise<CsvFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-bench-csv-'));
  const cluster = db === 'postgres' ? await startPostgresCluster() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    EMULATOR_PORT: '0',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...(cluster ? { DATABASE_URL: cluster.url } : {}),
  });
  const server = await startServer(config);
  try {
    const auth = await registerUser(server);
    const projectId = (await createProject(server, auth.token)).id;
    await connectAccount({ ...server, dataDir } as Parameters<typeof connectAccount>[0], auth.token, 'x', projectId);
    const ids = await seedVideos(server.ctx.db, { userId: auth.user.id, projectId, count: ROWS });
    const start = Date.now() + 3_600_000;
    const lines = ids.map((id, i) => `${id},x,${new Date(start + i * 60_000).toISOString()},Post ${i + 1}`);
    const csv = ['video_id,platforms,scheduled_at,caption', ...lines].join('\r\n');
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const dry = await importOnce(server, auth.token, projectId, csv, true);
    loop.disable();
    const real = await importOnce(server, auth.token, projectId, csv, false);
    const refusals = await benchRefusals(server, async () => {
      const user = await registerUser(server);
      return { token: user.token, projectId: (await createProject(server, user.token)).id };
    });
    return {
      db,
      rows: ROWS,
      dryRunSeconds: dry.seconds,
      realSeconds: real.seconds,
      created: real.created,
      dryRunLoopStallMs: loop.max / 1e6,
      refusals,
    };
  } finally {
    await server.close();
    cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchCsv(): Promise<CsvFigures[]> {
  if (process.env.BENCH_CSV === '0') return [];
  const which = process.env.BENCH_CSV_DB ?? 'both';
  const dbs = which === 'both' ? (['embedded', 'postgres'] as const) : ([which] as ['embedded' | 'postgres']);
  const out: CsvFigures[] = [];
  for (const db of dbs) out.push(await benchOn(db));
  return out;
}

export function printCsv(figures: readonly CsvFigures[]) {
  for (const f of figures) {
    console.log(
      `CSV import of ${f.rows} rows (${f.db}): dry run ${f.dryRunSeconds.toFixed(2)} s (longest event-loop stall ` +
        `${f.dryRunLoopStallMs.toFixed(0)} ms), real ${f.realSeconds.toFixed(2)} s (${f.created} posts made)`,
    );
    printRefusals(f.db, f.refusals);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printCsv(await benchCsv());
  process.exit(0);
}
