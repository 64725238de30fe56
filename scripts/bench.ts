/**
 * `npm run bench`: figures, not pass/fail, each against its baseline measured in the same run. Starts the
 * built server (dist) as a child process on a fresh DATA_DIR and measures first-start and restart memory,
 * cold start, idle memory, upload throughput of a large real video against a raw stream pipe and a plain
 * disk read of the same file, memory during a 2 GB upload, and the JavaScript a first visit downloads before
 * the app can run. BENCH_UPLOAD_MB sets the file size (default 500). Then resumable (tus) uploads against a
 * raw pipe (scripts/bench-tus.ts; BENCH_TUS=0 skips), the library in chromium at 10,000 videos
 * (scripts/bench-library.ts), the Schedule's month view with 2,000 posts (scripts/bench-calendar.ts;
 * BENCH_CALENDAR=0 skips it), the first page of a 10,000-video project against a bare Fastify route
 * (scripts/bench-lists.ts), the sandbox's memory while a ~200 MB video is published to the six sandbox platforms
 * by the server's own emulator (scripts/bench-sandbox-memory.ts; BENCH_SANDBOX_MB=0 skips it), fitting copies (a 60 s
 * 1080p clip made vertical, a 2 GB re-wrap against cp: scripts/bench-renditions.ts; BENCH_RENDITIONS=0 skips it), and publishing
 * (scripts/bench-publish.ts, which says how to size or skip it).
 * Everything printed is also written to docs/benchmarks.md with the machine and the command
 * (BENCH_WRITE_DOC=0 leaves it alone).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Project } from '@fanout/contracts';
import { benchCalendar } from './bench-calendar';
import { benchLibrary } from './bench-library';
import { benchCsv, printCsv } from './bench-csv';
import { benchLists, printLists } from './bench-lists';
import { benchPublish } from './bench-publish';
import { benchRenditions, renditionRows } from './bench-renditions';
import { benchSandboxMemory, sandboxMemoryRows } from './bench-sandbox-memory';
import { streamUpload } from './bench-stream-upload';
import { benchUpload, uploadRows } from './bench-upload';
import { repoRoot, serverMain, startBuiltServer, stopChild } from './built-server';
import { measureStartMemory, startMemoryRows } from './start-memory';
import { benchDoc, json, processMb, registerBenchUser } from './bench-support';

const uploadMb = Number(process.env.BENCH_UPLOAD_MB ?? 500);

function makeBigVideo(dir: string, mb: number): string {
  // Raw 720p frames in Matroska: a real video stream, produced at disk speed rather than encoder speed.
  const frameBytes = 1280 * 720 * 1.5;
  const frames = Math.ceil((mb * 1024 * 1024) / frameBytes);
  const file = path.join(dir, 'big.mkv');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1280x720:rate=25',
    '-frames:v',
    String(frames),
    '-c:v',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    '-y',
    file,
  ]);
  return file;
}

function dropPageCache(): boolean {
  try {
    execFileSync('sync');
    fs.writeFileSync('/proc/sys/vm/drop_caches', '3');
    return true;
  } catch {
    return false;
  }
}

function timeCat(file: string): number {
  const t = performance.now();
  execFileSync('sh', ['-c', `cat "${file}" > /dev/null`]);
  return performance.now() - t;
}

/** The scripts index.html loads at once (entry and modulepreloads), gzip -9 compressed, in bytes. */
function initialJsGzipBytes(): { files: number; bytes: number } {
  const dist = path.join(repoRoot, 'apps/web/dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const bytes = scripts.reduce(
    (sum, src) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, src)), { level: 9 }).length,
    0,
  );
  return { files: scripts.length, bytes };
}

/** Everything the bench prints, kept for docs/benchmarks.md. */
const printed: string[] = [];
const print = console.log.bind(console);
console.log = (...args: unknown[]) => {
  printed.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  print(...args);
};

/** The tus bench runs from source in its own process (it starts its own server in-process). */
function benchTus() {
  if (process.env.BENCH_TUS === '0') return;
  console.log('\nresumable upload (tus PATCH) against a raw node:http pipe, same bytes, alternated:');
  const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts/bench-tus.ts')], {
    cwd: repoRoot,
    env: { SIZE_MB: '1024', ROUNDS: '3', ...process.env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for (const line of out.trim().split('\n')) console.log(`  ${line}`);
}

function writeDoc(startedAt: Date, loadAtStart: number) {
  if (process.env.BENCH_WRITE_DOC === '0') return;
  const settings = Object.entries(process.env)
    .filter(([k]) => k.startsWith('BENCH_') || k.startsWith('PUBLISH_'))
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  const doc = benchDoc({
    title: 'Benchmarks',
    about: [
      'Written by `npm run bench` (scripts/bench.ts) at the end of its last run; run it again to refresh it.',
      'Each figure comes with its baseline measured in the same run. Publishing 10,000 posts at scale is written',
      'to [benchmarks-publishing.md](benchmarks-publishing.md) by the run that measures it.',
    ],
    command: `${settings ? `${settings} ` : ''}npm run bench`,
    startedAt,
    loadAtStart,
    lines: printed,
  });
  fs.writeFileSync(path.join(repoRoot, 'docs/benchmarks.md'), doc);
  print('\nwrote docs/benchmarks.md');
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = os.loadavg()[0]!;
  if (!fs.existsSync(serverMain)) execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-bench-'));
  const dataDir = path.join(work, 'data');
  const rows: [string, string][] = [];
  try {
    rows.push(...startMemoryRows(await measureStartMemory(path.join(work, 'start-memory'))));
    const first = await startBuiltServer(dataDir);
    rows.push(['cold start, new DATA_DIR (spawn → /api/health 200)', `${first.startMs.toFixed(0)} ms`]);
    await stopChild(first.child);

    const { child, url, startMs } = await startBuiltServer(dataDir);
    rows.push(['start, existing DATA_DIR', `${startMs.toFixed(0)} ms`]);
    await new Promise((r) => setTimeout(r, 2000));
    rows.push(['idle RSS (2 s after start)', `${processMb(child.pid!, 'VmRSS').toFixed(1)} MB`]);

    const auth = await registerBenchUser(url, 'bench');
    // Every new account starts with one project.
    const [project] = await json<Project[]>(`${url}/api/projects`, 'GET', undefined, auth.token);
    if (!project) throw new Error('a new account has no project');
    const projectId = project.id;

    const file = makeBigVideo(work, uploadMb);
    const bytes = fs.statSync(file).size;
    const mb = bytes / 1024 / 1024;
    const rate = (ms: number) => `${ms.toFixed(0)} ms (${(mb / (ms / 1000)).toFixed(0)} MB/s)`;
    rows.push([`file size`, `${mb.toFixed(0)} MB`]);
    // A cold read needs the page cache dropped, which only root can do; say so when it can't be.
    const coldMs = dropPageCache() ? timeCat(file) : undefined;
    rows.push(['cat file > /dev/null, from disk (page cache dropped)', coldMs ? rate(coldMs) : 'n/a (not root)']);
    timeCat(file);
    const warmMs = Math.min(timeCat(file), timeCat(file));
    rows.push(['cat file > /dev/null, from page cache', rate(warmMs)]);
    dropPageCache();
    const { status, ms: uploadMs } = await streamUpload(`${url}/api/upload`, auth.token, projectId, file);
    if (status !== 201) throw new Error(`upload answered ${status}`);
    const vsCold = coldMs ? `, ${((coldMs / uploadMs) * 100).toFixed(0)}% of cold cat speed` : '';
    rows.push([
      'POST /api/upload, file read from disk (stream → disk → ffprobe → thumb)',
      `${rate(uploadMs)}${vsCold}`,
    ]);
    rows.push(['server peak RSS during the run (VmHWM)', `${processMb(child.pid!, 'VmHWM').toFixed(1)} MB`]);
    // Against a raw node:http pipe in the same run, and memory during a 2 GB upload (scripts/bench-upload.ts).
    rows.push(...uploadRows(await benchUpload({ url, pid: child.pid!, token: auth.token, projectId, work })));
    const initial = initialJsGzipBytes();
    rows.push([
      `web app: JavaScript loaded before the first screen (${initial.files} files, gzip -9)`,
      `${(initial.bytes / 1024).toFixed(1)} KB`,
    ]);
    await stopChild(child);
    if (Number(process.env.BENCH_SANDBOX_MB ?? 203) > 0) rows.push(...sandboxMemoryRows(await benchSandboxMemory()));
    if (process.env.BENCH_RENDITIONS !== '0') rows.push(...renditionRows(await benchRenditions()));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(`\nFanout bench (${os.cpus().length} cores, node ${process.version})`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(74)} ${v}`);
  benchTus();
  await benchLibrary();
  await benchCalendar();
  for (const lists of await benchLists()) printLists(lists);
  printCsv(await benchCsv());
  await benchPublish();
  writeDoc(startedAt, loadAtStart);
}

await main();
