/**
 * Upload throughput against a raw stream pipe, and server memory during a large upload.
 *
 * A plain node:http server in its own process pipes each request body straight to a file; the same
 * multipart request (a real H.264 + AAC MP4 made by ffmpeg, `+faststart`) is sent to it and to
 * `POST /api/upload`, alternated over several pairs so that both see the same machine load. Then the server's
 * RSS growth over a 2 GB upload, on a fresh server (scripts/bench-upload-memory.ts).
 *
 * `benchUpload` is called by `npm run bench` on its running server; `node --import tsx scripts/bench-upload.ts`
 * runs it alone on a fresh built server. BENCH_UPLOAD_MB (default 600), BENCH_UPLOAD_PAIRS (default 4),
 * BENCH_UPLOAD_BIG_MB (default 2048; 0 skips the memory run).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { uploadMemory, uploadMemoryRows, type UploadMemory } from './bench-upload-memory';
import { streamUpload } from './bench-stream-upload';
import { makeLongMp4 } from './bench-videos';

export interface UploadBenchResult {
  fileMb: number;
  pairs: { rawMbPerS: number; fanoutMbPerS: number; ratio: number }[];
  rawMbPerS: number;
  fanoutMbPerS: number;
  /** Fanout's median MB/s over the raw pipe's median MB/s. */
  ratio: number;
  memory?: UploadMemory;
}

export interface UploadBenchTarget {
  url: string;
  pid: number;
  token: string;
  projectId: number;
  /** A scratch directory; the videos are made here. */
  work: string;
}

/** The raw pipe: each request body streamed to a file in `dir`, answered 201 once the file is closed. */
const RAW_SERVER = `
const http = require('node:http'), fs = require('node:fs'), path = require('node:path');
const { pipeline } = require('node:stream/promises');
let n = 0;
const server = http.createServer(async (req, res) => {
  const file = path.join(process.argv[1], 'raw-' + n++);
  try {
    await pipeline(req, fs.createWriteStream(file));
    res.writeHead(201).end('{}');
  } catch { res.writeHead(400).end(); }
  fs.rmSync(file, { force: true });
});
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
`;

async function startRawServer(dir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['-e', RAW_SERVER, dir], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve(Number(m)));
    child.once('exit', (code) => reject(new Error(`raw pipe server exited with ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** Deletes the bench's videos again, so the quota never fills up across pairs. */
async function deleteAll(target: UploadBenchTarget) {
  const headers = { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' };
  const res = await fetch(`${target.url}/api/videos?project_id=${target.projectId}`, { headers });
  const body = (await res.json()) as { id: number }[] | { videos: { id: number }[] };
  const ids = (Array.isArray(body) ? body : body.videos).map((v) => v.id);
  if (ids.length === 0) return;
  const del = await fetch(`${target.url}/api/videos/bulk-delete`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ videoIds: ids }),
  });
  if (!del.ok) throw new Error(`DELETE /api/videos: ${del.status} ${await del.text()}`);
}

export async function benchUpload(target: UploadBenchTarget): Promise<UploadBenchResult> {
  const fileMbWanted = Number(process.env.BENCH_UPLOAD_MB ?? 600);
  const pairCount = Number(process.env.BENCH_UPLOAD_PAIRS ?? 4);
  const bigMb = Number(process.env.BENCH_UPLOAD_BIG_MB ?? 2048);
  const file = makeLongMp4(target.work, fileMbWanted);
  const bytes = fs.statSync(file).size;
  const fileMb = bytes / 1024 / 1024;
  const rawDir = fs.mkdtempSync(path.join(target.work, 'raw-'));
  const raw = await startRawServer(rawDir);
  const pairs: UploadBenchResult['pairs'] = [];
  try {
    const fanoutUrl = `${target.url}/api/upload`;
    // One of each first, unmeasured: the page cache holds the file for every measured run alike.
    await streamUpload(raw.url, target.token, target.projectId, file);
    await streamUpload(fanoutUrl, target.token, target.projectId, file);
    await deleteAll(target);
    for (let i = 0; i < pairCount; i++) {
      const order = i % 2 === 0 ? (['raw', 'fanout'] as const) : (['fanout', 'raw'] as const);
      const ms: Record<'raw' | 'fanout', number> = { raw: 0, fanout: 0 };
      for (const which of order) {
        const r = await streamUpload(which === 'raw' ? raw.url : fanoutUrl, target.token, target.projectId, file);
        if (r.status !== 201) throw new Error(`${which} upload answered ${r.status}: ${r.body}`);
        ms[which] = r.ms;
      }
      await deleteAll(target);
      const rawMbPerS = fileMb / (ms.raw / 1000);
      const fanoutMbPerS = fileMb / (ms.fanout / 1000);
      pairs.push({ rawMbPerS, fanoutMbPerS, ratio: fanoutMbPerS / rawMbPerS });
    }
  } finally {
    raw.child.kill('SIGTERM');
    fs.rmSync(rawDir, { recursive: true, force: true });
  }
  const rawMbPerS = median(pairs.map((p) => p.rawMbPerS));
  const fanoutMbPerS = median(pairs.map((p) => p.fanoutMbPerS));
  const result: UploadBenchResult = { fileMb, pairs, rawMbPerS, fanoutMbPerS, ratio: fanoutMbPerS / rawMbPerS };
  fs.rmSync(file, { force: true });

  if (bigMb > 0) {
    // On a fresh server of its own (scripts/bench-upload-memory.ts): what the upload costs, not what the runs
    // before it left.
    const big = makeLongMp4(target.work, bigMb);
    try {
      result.memory = await uploadMemory('multipart', big, target.work);
    } finally {
      fs.rmSync(big, { force: true });
    }
  }
  return result;
}

/** Lines for the bench's table. */
export function uploadRows(r: UploadBenchResult): [string, string][] {
  const f = (x: number) => x.toFixed(0);
  const rows: [string, string][] = [
    [
      `POST /api/upload of a ${f(r.fileMb)} MB MP4 vs a raw node:http pipe to a file (${r.pairs.length} pairs, median)`,
      `${f(r.fanoutMbPerS)} vs ${f(r.rawMbPerS)} MB/s = ${(r.ratio * 100).toFixed(0)}%`,
    ],
    ['  each pair (Fanout / raw MB/s)', r.pairs.map((p) => `${f(p.fanoutMbPerS)}/${f(p.rawMbPerS)}`).join(', ')],
  ];
  if (r.memory) rows.push(...uploadMemoryRows(r.memory));
  return rows;
}

async function runAlone() {
  const { startBuiltServer, stopChild, serverMain, repoRoot } = await import('./built-server');
  if (!fs.existsSync(serverMain)) execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-bench-upload-'));
  const server = await startBuiltServer(path.join(work, 'data'), {
    STORAGE_QUOTA_BYTES: String(64 * 1024 ** 3),
    EMULATOR_PORT: '0',
  });
  try {
    const post = async <T>(p: string, body: unknown, token?: string) => {
      const res = await fetch(`${server.url}${p}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const stamp = Date.now();
    const auth = await post<{ token: string }>('/api/auth/register', {
      email: `bench${stamp}@example.com`,
      username: `bench${stamp}`,
      password: 'correct horse battery staple',
      fullName: 'Bench',
    });
    const [project] = await post<{ id: number }[]>('/api/projects', undefined, auth.token);
    const result = await benchUpload({
      url: server.url,
      pid: server.child.pid!,
      token: auth.token,
      projectId: project!.id,
      work,
    });
    console.log(`\nUpload bench (${os.cpus().length} cores, node ${process.version})`);
    for (const [k, v] of uploadRows(result)) console.log(`  ${k.padEnd(96)} ${v}`);
  } finally {
    await stopChild(server.child);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone();
