/** The publishing bench's figures: the wait from the due minute, what the platforms and the server hold, the table. */
import fs from 'node:fs';
import type { Post } from '@fanout/contracts';
import type { RunningEmulator } from '@fanout/platform-emulator';
import { call, marker, PLATFORMS } from './bench-publish-setup';

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

export interface Percentiles {
  p50: number;
  p99: number;
  max: number;
}

/** User and system CPU time of a process so far (Linux). */
export function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN };
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
export async function waitAndMeasure({
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
