/**
 * `npm run bench:lighthouse`: Lighthouse figures for the public pages of the built app, not pass/fail.
 * Builds nothing: run `npm run build` first. Starts apps/server/dist/main.js on a fresh DATA_DIR and
 * audits /landing and /login in the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium),
 * mobile profile with Lighthouse's simulated throttling; `-- --desktop` uses the desktop profile, `-- --busy`
 * keeps two other processes spinning on the CPU during the audits. LIGHTHOUSE_DEBUG=1 also prints each page's
 * main-thread work by kind and its long tasks.
 * Everything stays on loopback: the browser is told to resolve no other host name.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { serverMain, startBuiltServer, stopChild } from './built-server';

const PAGES = ['/landing', '/login'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
] as const;

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const desktop = process.argv.includes('--desktop');
/** `-- --busy`: audits while two processes spin on the CPU (a machine that is busy with something else). */
const busyLoops = process.argv.includes('--busy') ? 2 : 0;

/** Starts Chromium with a DevTools port of its own choosing and resolves with that port. */
function startChromium(profileDir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    chromiumPath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Any host name but localhost fails to resolve: nothing leaves the machine.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stderr! });
    const output: string[] = [];
    lines.on('line', (line) => {
      const port = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(line)?.[1];
      if (port) {
        lines.removeAllListeners('line');
        child.stderr!.resume();
        resolve({ child, port: Number(port) });
      } else output.push(line);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${chromiumPath} exited with ${code}:\n${output.join('\n')}`)));
  });
}

interface PageFigures {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], string>;
  metrics: Record<(typeof METRICS)[number][0], string>;
  /** Audits outside performance that cost points: what the scores below 100 are made of. */
  failing: string[];
}

async function audit(url: string, port: number): Promise<PageFigures> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
    desktop ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (process.env.LIGHTHOUSE_DEBUG) {
    for (const id of ['mainthread-work-breakdown', 'long-tasks']) {
      console.log(url, id, JSON.stringify((lhr.audits[id]?.details as { items?: unknown[] })?.items?.slice(0, 8)));
    }
  }
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return value === null || value === undefined ? 'n/a' : String(Math.round(value * 100));
  };
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
  const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${c}: ${ref.id}${auditItems(lhr.audits[ref.id]?.details)}`),
  );
  return {
    page: new URL(url).pathname,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as PageFigures['scores'],
    metrics: Object.fromEntries(METRICS.map(([name, id]) => [name, metric(id)])) as PageFigures['metrics'],
    failing,
  };
}

/** The first findings of a failing audit, short enough for one line each. */
function auditItems(details: unknown): string {
  const items = (details as { items?: unknown[] } | undefined)?.items ?? [];
  return items
    .slice(0, 3)
    .map((item) => `\n      ${JSON.stringify(item).slice(0, 300)}`)
    .join('');
}

async function main() {
  if (!fs.existsSync(serverMain)) {
    throw new Error('apps/server/dist/main.js is missing: run `npm run build` first (this script builds nothing).');
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-lighthouse-'));
  const results: PageFigures[] = [];
  let version = '';
  let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
  let chromium: ChildProcess | undefined;
  const busy: ChildProcess[] = [];
  try {
    // The sandbox emulator on a free port: a server already running on this machine does not stop the audit.
    server = await startBuiltServer(path.join(work, 'data'), { EMULATOR_PORT: '0' });
    for (let i = 0; i < busyLoops; i++) {
      busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    }
    const browser = await startChromium(path.join(work, 'chromium'));
    chromium = browser.child;
    version = (await (await fetch(`http://127.0.0.1:${browser.port}/json/version`)).json()).Browser as string;
    for (const page of PAGES) results.push(await audit(`${server.url}${page}`, browser.port));
  } finally {
    for (const child of busy) await stopChild(child);
    if (chromium) await stopChild(chromium);
    if (server) await stopChild(server.child);
    fs.rmSync(work, { recursive: true, force: true });
  }

  const header = ['page', ...CATEGORIES, ...METRICS.map(([name]) => name)];
  const rows = results.map((r) => [
    r.page,
    ...CATEGORIES.map((c) => r.scores[c]),
    ...METRICS.map(([m]) => r.metrics[m]),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(
    `\nFanout Lighthouse (${desktop ? 'desktop' : 'mobile'}, simulated throttling${busyLoops ? `, ${busyLoops} busy loops` : ''}; ${version}, node ${process.version})`,
  );
  console.log(`  ${line(header)}`);
  for (const row of rows) console.log(`  ${line(row)}`);
  for (const r of results) {
    if (r.failing.length) console.log(`  ${r.page} loses points on: ${r.failing.join(', ')}`);
  }
}

await main();
