/**
 * `node --import tsx scripts/bench-hash-browser.ts`: how long the upload dialog takes to hash a file before it
 * asks the server whether the project has it (features/library/hashing), in Debian's Chromium, for a 50 MB and
 * a 500 MB file (BENCH_HASH_MB=50,500 to change them). It runs the built worker (apps/web/dist: `npm run build`
 * first) on a file chosen through a file input, as the dialog does, and prints the median of 3 runs, the rate,
 * and the longest the page's own thread went without running a 16 ms timer meanwhile (how responsive the page
 * stayed). Baseline: SubtleCrypto's one-call digest of the same file read whole into memory (what the worker
 * avoids: it holds two 8 MB pieces at most). Figures only, nothing asserted.
 */
import { createHash, randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { machine } from './bench-support';

const sizesMb = (process.env.BENCH_HASH_MB ?? '50,500').split(',').map(Number);
const RUNS = 3;
const assets = path.resolve(import.meta.dirname, '../apps/web/dist/assets');

const PAGE = `<!doctype html><meta charset="utf-8"><title>hash bench</title><input type="file" id="file">
<script type="module">
const worker = new URL(document.body.dataset.worker, location.href);
window.measure = (how) => new Promise((resolve, reject) => {
  const file = document.getElementById('file').files[0];
  let last = performance.now(), stall = 0;
  const timer = setInterval(() => { const now = performance.now(); stall = Math.max(stall, now - last); last = now; }, 16);
  const done = (sha256, ms) => { clearInterval(timer); resolve({ sha256, ms, stallMs: stall }); };
  const started = performance.now();
  if (how === 'subtle') {
    file.arrayBuffer().then((buf) => crypto.subtle.digest('SHA-256', buf)).then((d) => {
      done([...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, '0')).join(''), performance.now() - started);
    }, reject);
    return;
  }
  const w = new Worker(worker, { type: 'module' });
  w.onmessage = ({ data }) => {
    if (data.type === 'progress') return;
    w.terminate();
    if (data.type === 'done') done(data.sha256, performance.now() - started);
    else reject(new Error(data.message));
  };
  w.postMessage(file);
});
</script>`;

function makeFile(dir: string, mb: number): { file: string; sha256: string } {
  const file = path.join(dir, `${mb}mb.bin`);
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'w');
  const piece = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < mb; i++) {
    randomFillSync(piece);
    hash.update(piece);
    fs.writeSync(fd, piece);
  }
  fs.closeSync(fd);
  return { file, sha256: hash.digest('hex') };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const workerFile = fs.readdirSync(assets).find((name) => /^sha256\.worker-.*\.js$/.test(name));
  if (!workerFile) throw new Error('No built hashing worker in apps/web/dist/assets: run `npm run build` first');
  const server = http.createServer((req, res) => {
    if (req.url === '/') {
      res.setHeader('content-type', 'text/html');
      return res.end(PAGE.replace('<input', `<body data-worker="/assets/${workerFile}"><input`));
    }
    const name = path.basename(req.url ?? '');
    res.setHeader('content-type', 'text/javascript');
    fs.createReadStream(path.join(assets, name))
      .on('error', () => res.writeHead(404).end())
      .pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-bench-hash-'));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  console.log(`Hashing a chosen file in Chromium before upload: ${machine()}, load ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(
    '| file | worker (chunked, @noble/hashes) | rate | longest page stall | SubtleCrypto whole-file baseline |',
  );
  console.log('|---|---|---|---|---|');
  try {
    for (const mb of sizesMb) {
      const { file, sha256 } = makeFile(dir, mb);
      const page = await browser.newPage();
      await page.goto(base);
      await page.setInputFiles('#file', file);
      const worker: { ms: number; stallMs: number }[] = [];
      const subtle: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const w = await page.evaluate(() =>
          (window as never as { measure(h: string): Promise<never> }).measure('worker'),
        );
        const s = await page.evaluate(() =>
          (window as never as { measure(h: string): Promise<never> }).measure('subtle'),
        );
        for (const r of [w, s] as { sha256: string }[]) if (r.sha256 !== sha256) throw new Error('wrong digest');
        worker.push(w);
        subtle.push((s as { ms: number }).ms);
      }
      const ms = median(worker.map((r) => r.ms));
      const stall = Math.max(...worker.map((r) => r.stallMs));
      const rate = mb / (ms / 1000);
      console.log(
        `| ${mb} MB | ${(ms / 1000).toFixed(2)} s | ${rate.toFixed(0)} MB/s | ${stall.toFixed(0)} ms | ${(median(subtle) / 1000).toFixed(2)} s |`,
      );
      await page.close();
      fs.rmSync(file);
    }
  } finally {
    await browser.close();
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
