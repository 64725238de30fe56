/**
 * Resumable-upload throughput against a raw stream pipe, and memory during the upload.
 *
 * Starts the server from source on a fresh DATA_DIR (embedded database), creates a tus upload of SIZE_MB
 * (default 1024) and sends all but its last byte in one PATCH (so no video is made: the figure is the
 * transfer alone), then the same bytes to a plain node:http server that pipes the request to a file;
 * alternated ROUNDS times (default 3). Prints MB/s of each, their ratio, and the process's RSS at start and
 * at its peak (client and server share the process). Then the server's RSS growth over a whole tus upload of a
 * real video of BENCH_UPLOAD_BIG_MB (default 2048; 0 skips), the built server a process of its own
 * (scripts/bench-upload-memory.ts).
 *
 *   SIZE_MB=2048 ROUNDS=2 node --import tsx scripts/bench-tus.ts
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '../apps/server/src/config/env';
import { startServer } from '../apps/server/src/server';
import { makeLongMp4 } from './bench-videos';
import { uploadMemory, uploadMemoryRows } from './bench-upload-memory';

const SIZE = Number(process.env.SIZE_MB ?? 1024) * 1024 * 1024;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tusbench-'));
const src = path.join(dir, 'src.bin');
{
  const fd = fs.openSync(src, 'w');
  const chunk = Buffer.alloc(8 * 1024 * 1024, 7);
  for (let w = 0; w < SIZE; w += chunk.length) fs.writeSync(fd, chunk);
  fs.closeSync(fd);
}
const config = loadConfig({
  NODE_ENV: 'test',
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: path.join(dir, 'data'),
  LOG_LEVEL: 'silent',
  EMULATOR_PORT: '0',
  SANDBOX_PLATFORMS: 'false',
  STORAGE_QUOTA_BYTES: String(100 * 1024 ** 3),
});
const server = await startServer(config);
const j = async (p: string, body: unknown, token?: string) =>
  (
    await fetch(server.url + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
  ).json() as Promise<{ token: string; id: number }>;
const reg = await j('/api/auth/register', {
  email: 'b@example.com',
  username: 'bench',
  password: 'correct horse battery staple',
  fullName: 'B',
});
const token = reg.token;
const project = await j('/api/projects', { name: 'P', initials: 'PP', color1: '#112233', color2: '#445566' }, token);

const raw = http.createServer((req, res) => {
  pipeline(req, fs.createWriteStream(path.join(dir, 'raw.bin'))).then(() => res.end('ok'));
});
await new Promise<void>((r) => raw.listen(0, '127.0.0.1', () => r()));
const rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/`;

function send(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = process.hrtime.bigint();
    const req = http.request(
      url,
      { method: 'PATCH', headers: { ...headers, 'content-length': String(SIZE - 1) } },
      (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode! >= 300) reject(new Error(String(res.statusCode)));
          resolve(Number(process.hrtime.bigint() - t) / 1e9);
        });
      },
    );
    fs.createReadStream(src, { end: SIZE - 2, highWaterMark: 1024 * 1024 }).pipe(req);
  });
}
let peak = 0;
const base = process.memoryUsage().rss;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) {
  const created = await fetch(`${server.url}/api/tus`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(SIZE),
      'upload-metadata': `project_id ${Buffer.from(String(project.id)).toString('base64')}`,
    },
  });
  const loc = created.headers.get('location')!;
  if (!loc) throw new Error(`creation failed: ${created.status} ${await created.text()}`);
  const tusS = await send(server.url + loc, {
    authorization: `Bearer ${token}`,
    'tus-resumable': '1.0.0',
    'upload-offset': '0',
    'content-type': 'application/offset+octet-stream',
  });
  const rawS = await send(rawUrl, {});
  console.log(
    `round ${round}: tus ${(SIZE / tusS / 1e6).toFixed(0)} MB/s, raw pipe ${(SIZE / rawS / 1e6).toFixed(0)} MB/s, ratio ${(rawS / tusS).toFixed(2)}`,
  );
  await fetch(server.url + loc, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' },
  });
  fs.rmSync(path.join(dir, 'raw.bin'), { force: true });
}
clearInterval(timer);
console.log(
  `process RSS at start ${(base / 1e6).toFixed(0)} MB, peak during uploads ${(peak / 1e6).toFixed(0)} MB (client and server in one process)`,
);
await server.close();
raw.close();
fs.rmSync(src, { force: true });
const bigMb = Number(process.env.BENCH_UPLOAD_BIG_MB ?? 2048);
if (bigMb > 0) {
  const memory = await uploadMemory('tus', makeLongMp4(dir, bigMb), dir);
  for (const [k, v] of uploadMemoryRows(memory)) console.log(`${k}: ${v}`);
}
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
