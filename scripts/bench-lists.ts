/**
 * Lists at scale: the built server (dist) on a fresh DATA_DIR, one project of 10,000 videos (rows seeded into
 * its embedded database while it is stopped). Measures `GET /api/videos?project_id=&limit=50` (the first page)
 * against a bare Fastify route in a process of its own serving the same 50-item page as a constant, both under
 * the same load (10 keep-alive connections for BENCH_LISTS_SECONDS, default 5): requests/s and p50/p99 latency,
 * and the ratio (goal ≥ 0.5), once uncompressed and once asked for as a browser asks (`Accept-Encoding: gzip,
 * deflate, br, zstd`, answered br-encoded) against the same bare route. For reference: the whole-array form, a
 * later page and a title search; response bytes plain, gzip and br; the query plans of the page, a later page,
 * the title order, the search, the status filter and the count.
 * BENCH_LISTS_DB: `embedded` (default), `postgres` (a throw-away cluster) or `both`; BENCH_LISTS=0 skips it.
 * Run alone: `node --import tsx scripts/bench-lists.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Project, VideoPage } from '@fanout/contracts';
import { sql, type Expression } from 'kysely';
import { openDatabase, type DB } from '../apps/server/src/db/database';
import {
  countMatchingQuery,
  videoPageQuery,
  type VideoListFilter,
} from '../apps/server/src/repositories/video-lists.repository';
import { seedVideos } from '../apps/server/test/seed-videos';
import { startPostgresCluster } from '../test-support/postgres-cluster';
import { repoRoot, startBuiltServer, stopChild } from './built-server';
import { json, processMb, registerBenchUser } from './bench-support';

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
}

export interface ListsFigures {
  /** The server's database: embedded PGlite, or a throw-away PostgreSQL cluster. */
  db: 'embedded' | 'postgres';
  videos: number;
  connections: number;
  seconds: number;
  /** GET /api/videos?project_id=&limit=50, identity encoding. */
  firstPage: LoadFigures;
  /** The same 50-item JSON from a bare Fastify route in its own process. */
  bareFastify: LoadFigures;
  /** firstPage / bareFastify requests per second (goal ≥ 0.5). */
  ratio: number;
  /** The first page asked for as a browser asks (BROWSER_ACCEPT_ENCODING), so answered compressed. */
  firstPageBrowser: LoadFigures;
  /** firstPageBrowser / bareFastify requests per second (goal ≥ 0.5). */
  browserRatio: number;
  /** The 60th page of 50 (a cursor deep in the list). */
  laterPage: LoadFigures;
  /** A title search (`q`) page. */
  searchPage: LoadFigures;
  /** The whole 10,000-item array (no limit or cursor). */
  wholeArray: LoadFigures;
  bytes: { page: Record<'identity' | 'gzip' | 'br', number>; wholeArray: Record<'identity' | 'gzip' | 'br', number> };
  /** Server RSS after the run, MB. */
  serverRssMb: number;
  /** EXPLAIN ANALYZE on the server's database, per query: the plan's lines. */
  plans: Record<string, string[]>;
}

const VIDEOS = Number(process.env.BENCH_LISTS_VIDEOS ?? 10_000);
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_LISTS_SECONDS ?? 5);
/** What Chromium sends: the server picks br. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

function get(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** `CONNECTIONS` loops, each sending the next request when the last is answered, for `seconds`. */
async function load(url: string, headers: Record<string, string>, seconds = SECONDS): Promise<LoadFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  // A short warm-up, not counted.
  await Promise.all(Array.from({ length: CONNECTIONS }, () => get(agent, url, headers)));
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      do {
        const t = performance.now();
        const res = await get(agent, url, headers);
        if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
        latencies.push(performance.now() - t);
      } while (performance.now() < until);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / elapsed,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    requests: latencies.length,
  };
}

/** A bare Fastify server in a child process answering GET /page with the JSON in `pageFile`. */
async function startBareFastify(pageFile: string): Promise<{ child: ChildProcess; url: string }> {
  const code = `
    import Fastify from 'fastify';
    import fs from 'node:fs';
    const page = JSON.parse(fs.readFileSync(process.env.PAGE_FILE, 'utf8'));
    const app = Fastify();
    app.get('/page', async () => page);
    await app.listen({ port: 0, host: '127.0.0.1' });
    console.log(app.server.address().port);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: repoRoot,
    env: { ...process.env, PAGE_FILE: pageFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (c) => reject(new Error(`bare Fastify exited with ${c}`)));
  });
  return { child, url: `http://127.0.0.1:${port}/page` };
}

/** EXPLAIN ANALYZE of the list queries as the server builds them, on the seeded database. */
async function explainPlans(db: DB, userId: number, projectId: number): Promise<Record<string, string[]>> {
  await sql`analyze videos`.execute(db);
  const base: VideoListFilter = { userId, projectId, order: 'newest' };
  const middle = await videoPageQuery(db, base, 1, undefined)
    .clearLimit()
    .offset(3000)
    .limit(1)
    .executeTakeFirstOrThrow();
  const plan = async (query: Expression<unknown>) => {
    const { rows } = await sql<Record<string, string>>`explain (analyze, costs off) ${query}`.execute(db);
    return rows.map((row) => Object.values(row)[0]!);
  };
  return {
    'first page, newest': await plan(videoPageQuery(db, base, 51)),
    'page after 3,000, newest': await plan(videoPageQuery(db, base, 51, { key: middle.sort_key, id: middle.id })),
    'first page, title': await plan(videoPageQuery(db, { ...base, order: 'title' }, 51)),
    "first page, q='clip 09'": await plan(videoPageQuery(db, { ...base, text: 'clip 09' }, 51)),
    'first page, status=ready': await plan(videoPageQuery(db, { ...base, shownStatus: 'ready' }, 51)),
    'total (count)': await plan(countMatchingQuery(db, base)),
  };
}

const ratioOf = (a: LoadFigures, b: LoadFigures) => a.requestsPerSecond / b.requestsPerSecond;

/** BENCH_LISTS_DB: `embedded` (default), `postgres` or `both`. */
export async function benchLists(): Promise<ListsFigures[]> {
  if (process.env.BENCH_LISTS === '0') return [];
  const which = process.env.BENCH_LISTS_DB ?? 'embedded';
  const dbs: ListsFigures['db'][] = which === 'both' ? ['embedded', 'postgres'] : [which as ListsFigures['db']];
  const out: ListsFigures[] = [];
  for (const db of dbs) out.push(await benchListsOn(db));
  return out;
}

async function benchListsOn(dbKind: ListsFigures['db']): Promise<ListsFigures> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-bench-lists-'));
  const dataDir = path.join(work, 'data');
  let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
  let bare: ChildProcess | undefined;
  const cluster = dbKind === 'postgres' ? await startPostgresCluster() : undefined;
  const env: Record<string, string> = cluster ? { DATABASE_URL: cluster.url } : {};
  try {
    server = await startBuiltServer(dataDir, env);
    const auth = await registerBenchUser(server.url, 'lists', 'Lists Bench');
    // Every new account starts with one project.
    const [project] = await json<Project[]>(`${server.url}/api/projects`, 'GET', undefined, auth.token);
    if (!project) throw new Error('a new account has no project');
    await stopChild(server.child);
    server = undefined;

    const { db } = await openDatabase({ url: cluster?.url, dir: path.join(dataDir, 'db') });
    let plans: Record<string, string[]>;
    try {
      // A tenth ready, the rest awaiting details, so the status filter has something to find.
      await seedVideos(db, {
        userId: auth.user.id,
        projectId: project.id,
        count: VIDEOS,
        status: (i) => (i % 10 === 0 ? 'ready' : 'awaiting-details'),
      });
      plans = await explainPlans(db, auth.user.id, project.id);
    } finally {
      await db.destroy();
    }

    server = await startBuiltServer(dataDir, env);
    const authz = { authorization: `Bearer ${auth.token}` };
    const plain = { ...authz, 'accept-encoding': 'identity' };
    const pageUrl = `${server.url}/api/videos?project_id=${project.id}&limit=50`;
    const wholeUrl = `${server.url}/api/videos?project_id=${project.id}`;

    const first = (await (await fetch(pageUrl, { headers: authz })).json()) as VideoPage;
    if (first.videos.length !== 50 || first.total !== VIDEOS) throw new Error('the first page is not 50 of all');
    const pageFile = path.join(work, 'page.json');
    fs.writeFileSync(pageFile, JSON.stringify(first));
    const bareServer = await startBareFastify(pageFile);
    bare = bareServer.child;

    let cursor = first.nextCursor;
    for (let i = 1; i < 59 && cursor; i++) {
      const next = (await (
        await fetch(`${pageUrl}&cursor=${encodeURIComponent(cursor)}`, { headers: authz })
      ).json()) as VideoPage;
      cursor = next.nextCursor;
    }
    const laterUrl = `${pageUrl}&cursor=${encodeURIComponent(cursor ?? '')}`;

    const agent = new http.Agent({ keepAlive: true });
    const size = async (url: string, encoding: string) =>
      (await get(agent, url, { ...authz, 'accept-encoding': encoding })).bytes;
    const bytes = {
      page: {
        identity: await size(pageUrl, 'identity'),
        gzip: await size(pageUrl, 'gzip'),
        br: await size(pageUrl, 'br'),
      },
      wholeArray: {
        identity: await size(wholeUrl, 'identity'),
        gzip: await size(wholeUrl, 'gzip'),
        br: await size(wholeUrl, 'br'),
      },
    };
    agent.destroy();

    // Alternated, so a change in the machine's load falls on all three; the better of two runs each.
    const browser = { ...authz, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    const rounds: Record<'bare' | 'plain' | 'browser', LoadFigures>[] = [];
    for (let round = 0; round < 2; round++) {
      rounds.push({
        bare: await load(bareServer.url, { 'accept-encoding': 'identity' }),
        plain: await load(pageUrl, plain),
        browser: await load(pageUrl, browser),
      });
    }
    const better = (a: LoadFigures, b: LoadFigures) => (a.requestsPerSecond >= b.requestsPerSecond ? a : b);
    const best = (which: keyof (typeof rounds)[number]) => better(rounds[0]![which], rounds[1]![which]);
    const figures: ListsFigures = {
      db: dbKind,
      videos: VIDEOS,
      connections: CONNECTIONS,
      seconds: SECONDS,
      firstPage: best('plain'),
      bareFastify: best('bare'),
      ratio: ratioOf(best('plain'), best('bare')),
      firstPageBrowser: best('browser'),
      browserRatio: ratioOf(best('browser'), best('bare')),
      laterPage: await load(laterUrl, plain),
      searchPage: await load(`${pageUrl}&q=${encodeURIComponent('clip 09')}`, plain),
      wholeArray: await load(wholeUrl, plain),
      bytes,
      serverRssMb: processMb(server.child.pid!),
      plans,
    };
    return figures;
  } finally {
    if (server) await stopChild(server.child);
    if (bare) await stopChild(bare);
    cluster?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const line = (f: LoadFigures) =>
  `${f.requestsPerSecond.toFixed(0)} req/s, p50 ${f.p50Ms.toFixed(1)} ms, p99 ${f.p99Ms.toFixed(1)} ms`;

export function printLists(f: ListsFigures): void {
  console.log(
    `\nLists at scale, ${f.db} database (${f.videos} videos in one project, ${f.connections} connections, ${f.seconds} s each)`,
  );
  const rows: [string, string][] = [
    ['GET /api/videos?project_id=&limit=50 (first page), uncompressed', line(f.firstPage)],
    ['bare Fastify route, the same 50-item page, uncompressed', line(f.bareFastify)],
    ['ratio, uncompressed (goal ≥ 0.5)', f.ratio.toFixed(2)],
    [`first page, Accept-Encoding: ${BROWSER_ACCEPT_ENCODING} (br)`, line(f.firstPageBrowser)],
    ['ratio, compressed page / bare route (goal ≥ 0.5)', f.browserRatio.toFixed(2)],
    ['page 60 (cursor)', line(f.laterPage)],
    ["first page of q='clip 09'", line(f.searchPage)],
    ['whole array (no limit), for reference', line(f.wholeArray)],
    [
      'page bytes: plain / gzip / br',
      `${kb(f.bytes.page.identity)} / ${kb(f.bytes.page.gzip)} / ${kb(f.bytes.page.br)}`,
    ],
    [
      'whole array bytes: plain / gzip / br',
      `${kb(f.bytes.wholeArray.identity)} / ${kb(f.bytes.wholeArray.gzip)} / ${kb(f.bytes.wholeArray.br)}`,
    ],
    ['server RSS after the run', `${f.serverRssMb.toFixed(0)} MB`],
  ];
  for (const [k, v] of rows) console.log(`  ${k.padEnd(66)} ${v}`);
  for (const [name, plan] of Object.entries(f.plans)) {
    console.log(`  plan: ${name}`);
    for (const l of plan) console.log(`    ${l}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const figures of await benchLists()) printLists(figures);
}
