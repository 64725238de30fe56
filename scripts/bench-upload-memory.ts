/**
 * Server memory over one large upload, multipart (`POST /api/upload`) and resumable (tus: creation, then the
 * whole file in one PATCH): the built server starts as a child process on a fresh DATA_DIR, settles, and its
 * VmRSS is sampled from /proc (its peak counter reset first) from just before the upload to the answer that
 * names the video. The growth is the peak less the idle RSS: what the upload itself costs the server,
 * hashing, buffering and the video's making included (ffprobe and ffmpeg are processes of their own).
 *
 * `uploadMemory` is called by scripts/bench-upload.ts and scripts/bench-tus.ts; run alone,
 * `node --import tsx scripts/bench-upload-memory.ts` measures both on BENCH_UPLOAD_BIG_MB (default 2048).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Project } from '@fanout/contracts';
import { json, processMb, registerBenchUser, resetPeak } from './bench-support';
import { streamUpload } from './bench-stream-upload';
import { makeLongMp4 } from './bench-videos';
import { repoRoot, serverMain, startBuiltServer, stopChild } from './built-server';

export type UploadKind = 'multipart' | 'tus';

export interface UploadMemory {
  kind: UploadKind;
  fileMb: number;
  idleRssMb: number;
  peakRssMb: number;
  /** Peak less idle. */
  growthMb: number;
  /** The whole upload, from the first byte sent to the answer naming the video. */
  mbPerS: number;
}

/** The goal: an upload's cost to the server does not grow with the file. */
export const GROWTH_GOAL_MB = 50;

/** A request whose body streams from `file` (never buffered); resolves with the status and the answer. */
function sendFile(url: string, method: string, headers: Record<string, string>, file: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(url, {
      method,
      headers: { ...headers, 'content-length': String(fs.statSync(file).size) },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c.slice(0, 4096 - body.length)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    fs.createReadStream(file, { highWaterMark: 1024 * 1024 })
      .on('error', reject)
      .pipe(req);
  });
}

/** The whole file through tus: a creation, then one PATCH with every byte; answers the PATCH's status. */
async function tusUpload(url: string, token: string, projectId: number, file: string) {
  const base = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const meta = (k: string, v: string) => `${k} ${Buffer.from(v).toString('base64')}`;
  const created = await fetch(`${url}/api/tus`, {
    method: 'POST',
    headers: {
      ...base,
      'upload-length': String(fs.statSync(file).size),
      'upload-metadata': [meta('project_id', String(projectId)), meta('filename', path.basename(file))].join(','),
    },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`tus creation: ${created.status} ${await created.text()}`);
  const headers = { ...base, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' };
  const res = await sendFile(`${url}${location}`, 'PATCH', headers, file);
  return { ...res, ok: res.status === 200 };
}

/** One upload of `file` to a fresh built server, its memory sampled throughout. */
export async function uploadMemory(kind: UploadKind, file: string, work: string): Promise<UploadMemory> {
  if (!fs.existsSync(serverMain)) execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(work, `memory-${kind}-`));
  const server = await startBuiltServer(dataDir, { STORAGE_QUOTA_BYTES: String(64 * 1024 ** 3), EMULATOR_PORT: '0' });
  const pid = server.child.pid!;
  try {
    const auth = await registerBenchUser(server.url, `mem${kind}`);
    const [project] = await json<Project[]>(`${server.url}/api/projects`, 'GET', undefined, auth.token);
    // Settled: start-up's garbage collected, its timers run.
    await new Promise((r) => setTimeout(r, 3000));
    const idleRssMb = processMb(pid, 'VmRSS');
    const canReset = resetPeak(pid);
    let peakRssMb = idleRssMb;
    const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, processMb(pid, 'VmRSS'))), 50);
    const started = performance.now();
    try {
      const r =
        kind === 'tus'
          ? await tusUpload(server.url, auth.token, project!.id, file)
          : await streamUpload(`${server.url}/api/upload`, auth.token, project!.id, file);
      const expected = kind === 'tus' ? 200 : 201;
      if (r.status !== expected) throw new Error(`${kind} upload answered ${r.status}: ${r.body}`);
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    if (canReset) peakRssMb = Math.max(peakRssMb, processMb(pid, 'VmHWM'));
    const fileMb = fs.statSync(file).size / 1024 / 1024;
    return { kind, fileMb, idleRssMb, peakRssMb, growthMb: peakRssMb - idleRssMb, mbPerS: fileMb / seconds };
  } finally {
    await stopChild(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bench's lines for one measurement. */
export function uploadMemoryRows(m: UploadMemory): [string, string][] {
  const what = m.kind === 'tus' ? 'tus PATCH' : 'POST /api/upload';
  const gb = m.fileMb >= 1024 ? `${(m.fileMb / 1024).toFixed(0)} GB` : `${m.fileMb.toFixed(0)} MB`;
  return [
    [
      `${what}: RSS growth over a ${gb} upload`,
      `${m.growthMb.toFixed(1)} MB (goal ≤ ${GROWTH_GOAL_MB} MB): idle ${m.idleRssMb.toFixed(1)} → peak ${m.peakRssMb.toFixed(1)} MB`,
    ],
    [`${what}: that upload, first byte to video`, `${m.mbPerS.toFixed(0)} MB/s`],
  ];
}

async function runAlone() {
  const bigMb = Number(process.env.BENCH_UPLOAD_BIG_MB ?? 2048);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-bench-memory-'));
  try {
    const file = makeLongMp4(work, bigMb);
    const kinds = (process.env.BENCH_UPLOAD_KINDS ?? 'multipart,tus').split(',') as UploadKind[];
    console.log(`\nUpload memory (${os.cpus().length} cores, node ${process.version}, fresh server each)`);
    for (const kind of kinds) {
      for (const [k, v] of uploadMemoryRows(await uploadMemory(kind, file, work)))
        console.log(`  ${k.padEnd(56)} ${v}`);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runAlone();
