/**
 * Publishing under load: 1,000 posts due in the same minute (BENCH_PUBLISH_POSTS), published by the built
 * server (dist) on a fresh DATA_DIR against the platform emulator with its limits on, run by this script so
 * that its control API can be read. Prints: the time from the due minute to the last post published, the
 * lateness of each post's start and of its publication (p50, p99, max), duplicates on the platforms and posts
 * lost (both must be 0). BENCH_PUBLISH_DB: `embedded` (default), `postgres` (a throw-away cluster from
 * /usr/lib/postgresql) or `both`; BENCH_PUBLISH_POSTS=0 skips it. Then at scale (benchPublishScale):
 * BENCH_PUBLISH_SCALE posts (default 10,000; 0 skips) with 1 API + 2 worker processes on PostgreSQL, and
 * again with one worker SIGKILLed mid-run; BENCH_PUBLISH_LOG=<file> keeps the server's log. Run alone: `node --import tsx scripts/bench-publish.ts`; `npm run bench` runs
 * it after the other figures.
 *
 * The sandbox has one account per platform, and some platform limits are per account (Instagram: 100 API
 * posts a day; X: 100 posts and 75 profile reads per 15 minutes; Reddit: 600 requests per 10 minutes) or per app (YouTube: 100
 * uploads a day), so those platforms get at most the share below; TikTok's are per token (6 inits a minute),
 * so its posts are spread over enough projects, each with its own connection; Facebook Pages takes the rest.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PlatformKey, Post, Project } from '@fanout/contracts';
import { startEmulator, type RunningEmulator } from '@fanout/platform-emulator';
import { openDatabase } from '../apps/server/src/db/database';
import { findVideoOfUser, insertVideoRows, type NewVideo } from '../apps/server/src/repositories/videos.repository';
import { startPostgresCluster, type PostgresCluster } from '../test-support/postgres-cluster';
import { benchDoc, registerBenchUser } from './bench-support';
import { repoRoot, serverMain, startBuiltServer, stopChild } from './built-server';

const PLATFORMS: PlatformKey[] = ['tiktok', 'instagram', 'facebook', 'youtube', 'x', 'reddit'];
/** At most this many posts per platform, under each sandbox account's (or app's) limit with a margin. */
const PLATFORM_CAP: Partial<Record<PlatformKey, number>> = { instagram: 90, x: 90, youtube: 90, reddit: 100 };
/** Connecting reads the account's profile, which X limits to 75 a user per 15 minutes: X in so many projects at most. */
const PROJECTS_CAP: Partial<Record<PlatformKey, number>> = { x: 60 };
/** TikTok posts per project (per token): init allows 6 a minute, creator_info 20. */
const TIKTOK_PER_PROJECT = 4;
const POSTS_PER_PROJECT = 10;
/** A post's options, by its number among its platform's posts. */
const OPTIONS: Record<PlatformKey, (k: number) => Record<string, unknown>> = {
  tiktok: () => ({ privacyLevel: 'SELF_ONLY' }),
  instagram: () => ({}),
  // Reels are limited to 30 a Page a day: one post in 16 is a Reel (24 at most), the others Page videos.
  facebook: (k) => ({ kind: k % 16 === 0 && k < 16 * 24 ? 'reel' : 'video' }),
  youtube: () => ({ privacy: 'unlisted' }),
  x: () => ({}),
  reddit: () => ({ subreddit: 'sandbox' }),
};

export interface PublishBenchFigures {
  db: string;
  posts: number;
  projects: number;
  perPlatform: Record<string, number>;
  setupMs: number;
  /** From the due time to the last post published. */
  allPublishedMs: number | null;
  startLateness: Percentiles;
  publishLateness: Percentiles;
  duplicates: number;
  /** Not on their platform and not unconfirmed either: dropped without a word. */
  lost: number;
  /** Not on their platform and unconfirmed: the person is asked to check the platform and retry. */
  unconfirmed: number;
  /** CPU seconds of the server process and of this one (the emulator) from the due time to the end. */
  serverCpuS: number;
  emulatorCpuS: number;
  statuses: Record<string, number>;
  /** Posts that did not end published, by platform, step and error code. */
  unfinished: Record<string, number>;
}

interface Percentiles {
  p50: number;
  p99: number;
  max: number;
}

async function call<T>(base: string, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** A person on the Accounts screen: start, Approve on the platform's page, the callback. */
async function connect(base: string, token: string, platform: PlatformKey, projectId: number) {
  const { url } = await call<{ url: string }>(base, 'POST', `/api/connections/${platform}/start`, token, {
    project_id: projectId,
  });
  const page = await (await fetch(url)).text();
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(page);
  if (!form) throw new Error(`no authorize form for ${platform}`);
  const unescape = (s: string) =>
    s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
  const fields = new URLSearchParams();
  for (const m of form[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields.set(unescape(m[1]!), unescape(m[2]!));
  fields.set('decision', 'approve');
  const decided = await fetch(new URL(unescape(form[1]!), url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields,
  });
  const back = new URL(decided.headers.get('location') ?? '');
  const callback = await fetch(`${base}${back.pathname}${back.search}`, { redirect: 'manual' });
  await callback.arrayBuffer();
  if (callback.status !== 302 || /error/.test(callback.headers.get('location') ?? ''))
    throw new Error(`connecting ${platform}: ${callback.status} ${callback.headers.get('location')}`);
}

async function upload(base: string, token: string, projectId: number, file: string): Promise<number> {
  const form = new FormData();
  form.append('project_id', String(projectId));
  form.append('title', 'Harbour at dawn');
  form.append('allow_duplicate', 'true');
  form.append('video', new Blob([fs.readFileSync(file)], { type: 'video/mp4' }), 'harbour.mp4');
  const res = await fetch(`${base}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { video: { id: number } }).video.id;
}

/** 4 s, 540×960, 30 fps, H.264 + AAC: a video every platform takes (a Reel's minimum size), a few tens of KB. */
function portraitVideo(dir: string): string {
  const file = path.join(dir, 'portrait.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=duration=4:size=540x960:rate=30'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '40', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '32k', '-shortest', '-movflags', '+faststart', file],
  ]);
  return file;
}

/** The text that finds post number n on the platforms. */
const marker = (n: number) => `(bench ${n})`;

/** Which platform each post goes to, in turn over the platforms that still have room, and which project. */
export function planPosts(total: number) {
  const projects = Math.max(1, Math.ceil(total / POSTS_PER_PROJECT));
  const cap: Record<PlatformKey, number> = {
    tiktok: projects * TIKTOK_PER_PROJECT,
    instagram: PLATFORM_CAP.instagram!,
    facebook: Infinity,
    youtube: PLATFORM_CAP.youtube!,
    x: PLATFORM_CAP.x!,
    reddit: PLATFORM_CAP.reddit!,
  };
  const count = Object.fromEntries(PLATFORMS.map((p) => [p, 0])) as Record<PlatformKey, number>;
  const plan: { n: number; k: number; platform: PlatformKey; project: number }[] = [];
  for (let n = 0, turn = 0; n < total; turn++) {
    const platform = PLATFORMS[turn % PLATFORMS.length]!;
    if (count[platform] >= cap[platform]) continue;
    const project = count[platform] % Math.min(projects, PROJECTS_CAP[platform] ?? projects);
    plan.push({ n, k: count[platform], platform, project });
    count[platform] += 1;
    n += 1;
  }
  return { plan, projects, count };
}

/** User and system CPU time of a process so far (Linux). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN };
}

/**
 * Where the videos of a run come from: each uploaded through the API (`upload`), or, on a PostgreSQL the
 * script can reach, one upload and then copies of its row and files (hard links, new names) in every
 * project, the way bench-library seeds rows: uploading thousands of videos is not what this measures.
 */
export interface VideoCopies {
  databaseUrl: string;
  mediaDir: string;
}

/** `count` copies of video `sourceId` (its row, its file and thumbnail hard-linked under new names) in each project. */
async function copyVideo(copies: VideoCopies, userId: number, sourceId: number, perProject: Map<number, number>) {
  const { db } = await openDatabase({ url: copies.databaseUrl, dir: '' });
  try {
    const source = await findVideoOfUser(db, sourceId, userId);
    if (!source) throw new Error(`video ${sourceId} is not in the database`);
    const link = (name: string, copy: string) =>
      fs.linkSync(path.join(copies.mediaDir, name), path.join(copies.mediaDir, copy));
    const rows: NewVideo[] = [];
    const owners: number[] = [];
    for (const [projectId, count] of perProject)
      for (let i = 0; i < count; i++) {
        const n = rows.length;
        const filename = `copy-${n}-${source.filename}`;
        const thumbnailFilename = source.thumbnail_filename ? `copy-${n}-${source.thumbnail_filename}` : null;
        link(source.filename, filename);
        if (thumbnailFilename) link(source.thumbnail_filename!, thumbnailFilename);
        rows.push({
          userId: source.user_id,
          projectId,
          title: source.title,
          status: source.status,
          durationSeconds: source.duration_seconds,
          sizeBytes: source.size_bytes,
          filename,
          thumbnailFilename,
          thumbnailBytes: source.thumbnail_bytes,
          width: source.width,
          height: source.height,
          fps: source.fps,
          videoCodec: source.video_codec,
          audioCodec: source.audio_codec,
          mimeType: source.mime_type,
          originalName: source.original_name,
        });
        owners.push(projectId);
      }
    const ids = await insertVideoRows(db, rows);
    return ids.map((id, i) => ({ id, projectId: owners[i]! }));
  } finally {
    await db.destroy();
  }
}

/**
 * A person with enough projects, each with its own connections and videos, and `total` posts due in the same
 * whole minute, spread as planPosts says. `concurrency`: projects set up at once; `copies`: see VideoCopies.
 */
async function createDuePosts(base: string, work: string, total: number, concurrency = 1, copies?: VideoCopies) {
  const { token, user } = await registerBenchUser(base, 'bench');
  const { plan, projects, count } = planPosts(total);
  const file = portraitVideo(work);
  const step = (what: string) => console.error(`[bench-publish] ${new Date().toISOString()} ${what}`);

  // Projects, each with its connections; a new account starts with one project.
  const existing = await call<Project[]>(base, 'GET', '/api/projects', token);
  const projectIds = existing.map((p) => p.id).slice(0, projects);
  while (projectIds.length < projects) {
    const made = await call<Project>(base, 'POST', `/api/projects`, token, {
      name: `Channel ${projectIds.length + 1}`,
      initials: 'CH',
      color1: '#3b82f6',
      color2: '#9333ea',
    });
    projectIds.push(made.id);
  }
  step(`${projects} projects made`);
  // A video carries one post per platform (a second one to the same account is refused while the first is
  // scheduled): each project gets as many videos as its busiest platform has posts.
  const groups = projectIds.map((_, index) => {
    const left = plan.filter((p) => p.project === index);
    const items: (typeof plan)[] = [];
    while (left.length) {
      const batch: typeof plan = [];
      for (const item of [...left])
        if (!batch.some((b) => b.platform === item.platform)) {
          batch.push(item);
          left.splice(left.indexOf(item), 1);
        }
      items.push(batch);
    }
    return items;
  });
  const batches: { videoId: number; items: typeof plan }[] = [];
  const setUpProject = async (index: number, projectId: number) => {
    for (const platform of new Set(plan.filter((p) => p.project === index).map((p) => p.platform)))
      await connect(base, token, platform, projectId);
    if (copies) return;
    for (const items of groups[index]!) batches.push({ videoId: await upload(base, token, projectId, file), items });
  };
  let nextProject = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (nextProject < projectIds.length) {
        const index = nextProject++;
        await setUpProject(index, projectIds[index]!);
      }
    }),
  );
  step(copies ? 'connections made' : `connections made, ${batches.length} videos uploaded`);
  if (copies) {
    const source = await upload(base, token, projectIds[0]!, file);
    const made = await copyVideo(copies, user.id, source, new Map(projectIds.map((id, i) => [id, groups[i]!.length])));
    const videosOf = new Map(projectIds.map((id) => [id, [] as number[]]));
    for (const v of made) videosOf.get(v.projectId)!.push(v.id);
    projectIds.forEach((id, i) =>
      groups[i]!.forEach((items, j) => batches.push({ videoId: videosOf.get(id)![j]!, items })),
    );
    step(`1 video uploaded, ${made.length} copies of it made`);
  }

  // Every post due at the same instant: the first whole minute that leaves time to create them all.
  const due = new Date(Math.ceil((Date.now() + 20_000 + batches.length * 15) / 60_000) * 60_000);
  const postIds = new Map<number, number>();
  let nextBatch = 0;
  const createBatch = async ({ videoId, items }: (typeof batches)[number]) => {
    const created = await call<{ posts: Post[] }>(base, 'POST', `/api/videos/${videoId}/posts`, token, {
      targets: items.map((b) => ({
        platform: b.platform,
        caption: `Harbour at dawn ${marker(b.n)}`,
        options: OPTIONS[b.platform](b.k),
      })),
      scheduledAt: due.toISOString(),
    });
    created.posts.forEach((post, i) => postIds.set(items[i]!.n, post.id));
  };
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (nextBatch < batches.length) await createBatch(batches[nextBatch++]!);
    }),
  );
  step(`${postIds.size} posts created, due ${due.toISOString()}`);
  return { token, projectIds, postIds, due, projects, count };
}

interface MeasureInput {
  base: string;
  token: string;
  emulator: RunningEmulator;
  projectIds: number[];
  postIds: Map<number, number>;
  due: Date;
  total: number;
  /** CPU seconds of the server processes so far. */
  serverCpu: () => number;
  /** Called on every look while waiting, with how many posts are live on the platforms. */
  onProgress?: (published: number) => void | Promise<void>;
}

/** Waits from the due time until every post is live (or nothing moves for 2 minutes), then reads the figures. */
async function waitAndMeasure({
  base,
  token,
  emulator,
  projectIds,
  postIds,
  due,
  total,
  serverCpu,
  onProgress,
}: MeasureInput) {
  // The server's view of each post.
  const from = encodeURIComponent(new Date(due.getTime() - 1000).toISOString());
  const to = encodeURIComponent(new Date(due.getTime() + 1000).toISOString());
  const serverPosts = async () => {
    const all: Post[] = [];
    for (const projectId of projectIds) {
      const url = `/api/posts?project_id=${projectId}&from=${from}&to=${to}&limit=1000`;
      all.push(...(await call<{ posts: Post[] }>(base, 'GET', url, token)).posts);
    }
    return all;
  };

  // Wait for the due time, then until the platforms hold every post, or every post has ended (published,
  // failed, unconfirmed), or nothing has moved for 2 minutes.
  const ownCpu = () => (process.cpuUsage().user + process.cpuUsage().system) / 1e6;
  const cpuAtDue = { server: serverCpu(), emulator: ownCpu() };
  const published = () => emulator!.ctx.published.list().length;
  let last = published();
  let lastChange = Date.now();
  let lastAsked = Date.now();
  while (published() < total) {
    await new Promise((r) => setTimeout(r, 250));
    const now = published();
    await onProgress?.(now);
    if (now !== last) [last, lastChange] = [now, Date.now()];
    const still = Date.now() - Math.max(lastChange, due.getTime());
    if (still > 120_000) break;
    if (still > 10_000 && Date.now() - lastAsked > 10_000) {
      lastAsked = Date.now();
      if ((await serverPosts()).every((p) => !['scheduled', 'publishing'].includes(p.status))) break;
    }
  }
  const posts = await serverPosts();
  const numberOf = new Map([...postIds].map(([n, id]) => [id, n]));
  const serverCpuS = serverCpu() - cpuAtDue.server;
  const emulatorCpuS = ownCpu() - cpuAtDue.emulator;
  const live = emulator.ctx.published.list();
  const counts = new Map<string, number>();
  for (const n of postIds.keys()) counts.set(marker(n), 0);
  for (const item of live) {
    const m = /\(bench \d+\)/.exec(`${item.caption} ${item.title}`)?.[0];
    if (m) counts.set(m, (counts.get(m) ?? 0) + 1);
  }
  const statuses: Record<string, number> = {};
  const unfinished: Record<string, number> = {};
  for (const p of posts) {
    statuses[p.status] = (statuses[p.status] ?? 0) + 1;
    if (p.status === 'published') continue;
    const retry = p.retryAt ? `, next try in ${Math.round((Date.parse(p.retryAt) - Date.now()) / 60_000)} min` : '';
    const error = p.error ? ` (${p.error.code}: ${p.error.message.slice(0, 80)})` : '';
    const key = `${p.platform} ${p.status} at ${p.progress.step ?? '-'}${retry}${error}`;
    unfinished[key] = (unfinished[key] ?? 0) + 1;
  }
  const dueMs = due.getTime();
  const startedLate = posts.filter((p) => p.startedAt).map((p) => Date.parse(p.startedAt!) - dueMs);
  const publishedLate = posts.filter((p) => p.publishedAt).map((p) => Date.parse(p.publishedAt!) - dueMs);
  const allPublished = posts.length === total && posts.every((p) => p.status === 'published');
  return {
    allPublishedMs: allPublished ? Math.max(...publishedLate) : null,
    startLateness: percentiles(startedLate),
    publishLateness: percentiles(publishedLate),
    duplicates: [...counts.values()].reduce((sum, c) => sum + Math.max(0, c - 1), 0),
    lost: posts.filter((p) => counts.get(marker(numberOf.get(p.id)!)) === 0 && p.status !== 'unconfirmed').length,
    unconfirmed: posts.filter((p) => p.status === 'unconfirmed').length,
    serverCpuS,
    emulatorCpuS,
    statuses,
    unfinished,
  };
}

/** The whole run on one database: setup, the posts, the wait, the figures. */
export async function benchPublishOn(
  db: 'embedded' | 'postgres',
  total = Number(process.env.BENCH_PUBLISH_POSTS ?? 1000),
): Promise<PublishBenchFigures> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-bench-publish-'));
  let cluster: PostgresCluster | undefined;
  let emulator: RunningEmulator | undefined;
  let child: Awaited<ReturnType<typeof startBuiltServer>>['child'] | undefined;
  try {
    const setupStarted = performance.now();
    emulator = await startEmulator({ dataDir: path.join(work, 'emulator'), port: 0 });
    if (db === 'postgres') cluster = await startPostgresCluster();
    const server = await startBuiltServer(
      path.join(work, 'data'),
      {
        EMULATOR_URL: emulator.url,
        ...(cluster ? { DATABASE_URL: cluster.url } : {}),
        ...(process.env.BENCH_PUBLISH_LOG ? { LOG_LEVEL: 'info' } : {}),
      },
      process.env.BENCH_PUBLISH_LOG,
    );
    child = server.child;
    const base = server.url;
    const { token, projectIds, postIds, due, projects, count } = await createDuePosts(base, work, total);
    const setupMs = performance.now() - setupStarted;
    if (Date.now() >= due.getTime()) throw new Error('creating the posts took past their due time');

    const cpuOf = () => cpuSeconds(child!.pid!);
    const figures = await waitAndMeasure({ base, token, emulator, projectIds, postIds, due, total, serverCpu: cpuOf });
    return { db, posts: total, projects, perPlatform: count, setupMs, ...figures };
  } finally {
    if (child) await stopChild(child);
    await emulator?.close();
    cluster?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** A worker process (ROLE=worker) of the built server; resolves once it says it is up. */
async function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [serverMain], {
    env: { ...process.env, ...env, ROLE: 'worker', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString('utf8')).slice(-4096);
      if (seen.includes('"msg":"Fanout worker is up')) resolve();
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited with ${code} before it was up`)));
  });
  // Its log is read no further, only drained.
  child.stdout!.removeAllListeners('data');
  child.stdout!.resume();
  return child;
}

/**
 * Scaling out: `total` posts due in the same minute on a throw-away PostgreSQL, made through one API process
 * (ROLE=api) and published by two worker processes (ROLE=worker) of the built server, sharing one DATA_DIR as
 * one volume; with `kill`, the first worker is SIGKILLed once a quarter of the posts are live, and not
 * started again: the other must finish. PUBLISH_LEASE_SECONDS=30: the dead worker's posts are taken over once
 * their lease runs out (the default is 120 s).
 */
export async function benchPublishScaleOn(total: number, kill: boolean): Promise<PublishBenchFigures> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-bench-scale-'));
  let cluster: PostgresCluster | undefined;
  let emulator: RunningEmulator | undefined;
  const children: ChildProcess[] = [];
  const lastCpu = new Map<ChildProcess, number>();
  const serverCpu = () =>
    children.reduce((sum, child) => {
      try {
        lastCpu.set(child, cpuSeconds(child.pid!));
      } catch {
        // Gone (killed): what it used until then.
      }
      return sum + (lastCpu.get(child) ?? 0);
    }, 0);
  try {
    const setupStarted = performance.now();
    emulator = await startEmulator({ dataDir: path.join(work, 'emulator'), port: 0 });
    cluster = await startPostgresCluster();
    const env = {
      EMULATOR_URL: emulator.url,
      DATABASE_URL: cluster.url,
      SECRET_KEY: randomBytes(32).toString('hex'),
      PUBLISH_LEASE_SECONDS: '30',
    };
    const dataDir = path.join(work, 'data');
    const api = await startBuiltServer(dataDir, { ...env, ROLE: 'api' }, process.env.BENCH_PUBLISH_LOG);
    children.push(api.child);
    for (let i = 0; i < 2; i++) children.push(await startWorkerProcess({ ...env, DATA_DIR: dataDir }));
    const workers = children.slice(1);
    const base = api.url;
    const copies = { databaseUrl: cluster.url, mediaDir: path.join(dataDir, 'media') };
    const { token, projectIds, postIds, due, projects, count } = await createDuePosts(base, work, total, 4, copies);
    const setupMs = performance.now() - setupStarted;
    if (Date.now() >= due.getTime()) throw new Error('creating the posts took past their due time');

    let killedAt: number | undefined;
    const figures = await waitAndMeasure({
      base,
      token,
      emulator,
      projectIds,
      postIds,
      due,
      total,
      serverCpu,
      onProgress: async (published) => {
        if (!kill || killedAt !== undefined || published < total / 4) return;
        killedAt = published;
        const victim = workers[0]!;
        lastCpu.set(victim, cpuSeconds(victim.pid!));
        const gone = new Promise((resolve) => victim.once('exit', resolve));
        victim.kill('SIGKILL');
        await gone;
      },
    });
    const label = kill ? `2 workers, 1 killed at ${killedAt ?? '-'}` : 'PostgreSQL, 2 workers';
    return { db: label, posts: total, projects, perPlatform: count, setupMs, ...figures };
  } finally {
    for (const child of children) await stopChild(child);
    await emulator?.close();
    cluster?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * BENCH_PUBLISH_SCALE posts (default 10,000; 0 skips) with 1 API and 2 worker processes on PostgreSQL, then
 * the same with one worker killed mid-run. Prints the table and returns the figures.
 */
export async function benchPublishScale(): Promise<PublishBenchFigures[]> {
  const total = Number(process.env.BENCH_PUBLISH_SCALE ?? 10_000);
  if (!(total > 0)) return [];
  const startedAt = new Date();
  const loadAtStart = os.loadavg()[0]!;
  const runs: PublishBenchFigures[] = [];
  for (const kill of [false, true]) {
    runs.push(await benchPublishScaleOn(total, kill));
    // Each run as it ends: the pair takes a while.
    console.log(JSON.stringify(runs.at(-1)));
  }
  const table = scaleTable(total, runs);
  console.log(table);
  if (process.env.BENCH_WRITE_DOC !== '0') writeScaleDoc(table, runs, startedAt, loadAtStart);
  return runs;
}

export function scaleTable(total: number, runs: PublishBenchFigures[]): string {
  const title = `Publishing at scale: ${total} posts due in the same minute, 1 API + 2 worker processes, PostgreSQL`;
  return `\n${title}\n${publishTable(runs)}`;
}

/** docs/benchmarks-publishing.md: the table, then each run's figures as JSON. */
export function writeScaleDoc(table: string, runs: PublishBenchFigures[], startedAt: Date, loadAtStart: number) {
  const doc = benchDoc({
    title: 'Benchmarks: publishing at scale',
    about: [
      'Written by `scripts/bench-publish.ts` (also run by `npm run bench`) at the end of its last run at scale.',
      "Posts are made through the API (projects, connections through each platform's consent page, posts); the",
      'videos are copies of one uploaded video (its row and hard links to its files), as uploading thousands is',
      "not what this measures. The emulator runs in the bench's own process, on the same 2 cores, with its limits on.",
    ],
    command: `BENCH_PUBLISH_POSTS=0 BENCH_PUBLISH_SCALE=${runs[0]?.posts ?? 0} node --import tsx scripts/bench-publish.ts`,
    startedAt,
    loadAtStart,
    lines: [...table.split('\n'), '', ...runs.map((r) => JSON.stringify(r))],
  });
  fs.writeFileSync(path.join(repoRoot, 'docs/benchmarks-publishing.md'), doc);
}

const seconds = (ms: number | null) => (ms === null || Number.isNaN(ms) ? 'n/a' : `${(ms / 1000).toFixed(1)} s`);

/** The figures as a table, one column per database. */
export function publishTable(runs: PublishBenchFigures[]): string {
  const rows: [string, (f: PublishBenchFigures) => string][] = [
    ['posts due in the same minute', (f) => String(f.posts)],
    ['projects (each with its own connections)', (f) => String(f.projects)],
    ['posts per platform', (f) => PLATFORMS.map((p) => `${p} ${f.perPlatform[p]}`).join(', ')],
    ['due → every post published', (f) => seconds(f.allPublishedMs)],
    ['start lateness (startedAt − due) p50 / p99 / max', (f) => pct(f.startLateness)],
    ['publish lateness (publishedAt − due) p50 / p99 / max', (f) => pct(f.publishLateness)],
    ['duplicates on the platforms (must be 0)', (f) => String(f.duplicates)],
    ['lost: not published, nothing said (must be 0)', (f) => String(f.lost)],
    ['unconfirmed: a create without an answer, not found after', (f) => String(f.unconfirmed)],
    [
      'CPU from the due time: server / emulator',
      (f) => `${f.serverCpuS.toFixed(0)} s / ${f.emulatorCpuS.toFixed(0)} s`,
    ],
    [
      'statuses at the end',
      (f) =>
        Object.entries(f.statuses)
          .map(([k, v]) => `${k} ${v}`)
          .join(', '),
    ],
    ['setup (projects, connections, uploads, posts)', (f) => seconds(f.setupMs)],
  ];
  const width = Math.max(...rows.map(([k]) => k.length)) + 2;
  // Each column as wide as its longest value, so that long values (the platforms' shares) never run together.
  const columns = runs.map((r) => Math.max(r.db.length, ...rows.map(([, value]) => value(r).length)) + 2);
  const lines = [`  ${''.padEnd(width)}${runs.map((r, i) => r.db.padEnd(columns[i]!)).join('')}`];
  for (const [label, value] of rows)
    lines.push(`  ${label.padEnd(width)}${runs.map((r, i) => value(r).padEnd(columns[i]!)).join('')}`);
  for (const run of runs)
    for (const [what, n] of Object.entries(run.unfinished)) lines.push(`  not published (${run.db}): ${n} × ${what}`);
  return lines.join('\n');
}

function pct(p: Percentiles) {
  return `${seconds(p.p50)} / ${seconds(p.p99)} / ${seconds(p.max)}`;
}

/** Runs the databases BENCH_PUBLISH_DB names and prints the table. */
export async function benchPublish(): Promise<PublishBenchFigures[]> {
  const scale = Number(process.env.BENCH_PUBLISH_SCALE ?? 10_000) > 0;
  if (Number(process.env.BENCH_PUBLISH_POSTS ?? 1000) <= 0 && !scale) return [];
  // The server as the sources are now (a bundle takes a second).
  execFileSync('npm', ['run', 'build', '-w', '@fanout/server'], { cwd: repoRoot, stdio: 'ignore' });
  if (Number(process.env.BENCH_PUBLISH_POSTS ?? 1000) <= 0) return benchPublishScale();
  const which = process.env.BENCH_PUBLISH_DB ?? 'embedded';
  const dbs: ('embedded' | 'postgres')[] = which === 'both' ? ['embedded', 'postgres'] : [which as 'embedded'];
  const runs: PublishBenchFigures[] = [];
  for (const db of dbs) runs.push(await benchPublishOn(db));
  console.log(`\nPublishing: posts due in the same minute, built server, sandbox emulator with its limits on`);
  console.log(publishTable(runs));
  return [...runs, ...(await benchPublishScale())];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchPublish();
