/**
 * What a hostile CSV file costs the server: each shape below, within the 10 MB a file may have, is sent to
 * `POST /api/posts/import` of a server running in this process while `/api/health` is asked every 10 ms. Per
 * shape: the answer and how long it took, the event loop's longest stall meanwhile (monitorEventLoopDelay: the
 * server's loop, as it runs in this process) and the slowest health answer. Part of scripts/bench-csv.ts.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { RunningServer } from '../apps/server/src/server';

export interface RefusalFigure {
  shape: string;
  megabytes: number;
  answer: string;
  ms: number;
  loopStallMs: number;
  slowestHealthMs: number;
}

const MiB = 1024 * 1024;
const cells = (n: number, cell: (i: number) => string) => Array.from({ length: n }, (_, i) => cell(i)).join(',');

/** Shapes that once cost time growing faster than the file (the header's repeated-name search was quadratic). */
export function hostileFiles(): Record<string, string> {
  return {
    'a header of 200,000 distinct columns': `${cells(200_000, (i) => `c${i}`)}\n1`,
    'a line of 10 million commas': `video_id,platforms\n1,x\n${','.repeat(10 * MiB - 32)}`,
    '10 MB of blank lines': `video_id,platforms\n${'\n'.repeat(10 * MiB - 32)}1,x`,
    '10 MB of lines of one space': `video_id,platforms\n${' \n'.repeat(5 * MiB - 16)}1,x`,
    'one 10 MB quoted cell': `video_id,platforms,caption\n1,x,"${'x'.repeat(10 * MiB - 40)}"`,
    '10,001 rows of 200 cells': [
      `video_id,platforms,${cells(198, (i) => `c${i}`)}`,
      ...Array.from({ length: 10_001 }, () => `1,x,${cells(198, () => 'a')}`),
    ].join('\n'),
  };
}

/** Each hostile file sent once; every import is a dry run of a different user (each may send 10 a minute). */
export async function benchRefusals(server: RunningServer, users: () => Promise<{ token: string; projectId: number }>) {
  const figures: RefusalFigure[] = [];
  for (const [shape, text] of Object.entries(hostileFiles())) {
    const { token, projectId } = await users();
    const loop = monitorEventLoopDelay({ resolution: 1 });
    let slowestHealthMs = 0;
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const asked = performance.now();
        await fetch(`${server.url}/api/health`).then((r) => r.arrayBuffer());
        slowestHealthMs = Math.max(slowestHealthMs, performance.now() - asked);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    loop.enable();
    const started = performance.now();
    const res = await fetch(`${server.url}/api/posts/import?project_id=${projectId}&dry_run=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: text,
    });
    const body = (await res.json()) as { code?: string };
    const ms = performance.now() - started;
    loop.disable();
    polling = false;
    await poll;
    figures.push({
      shape,
      megabytes: Buffer.byteLength(text) / MiB,
      answer: `${res.status} ${body.code ?? 'ok'}`,
      ms,
      loopStallMs: loop.max / 1e6,
      slowestHealthMs,
    });
  }
  return figures;
}

export function printRefusals(db: string, figures: readonly RefusalFigure[]) {
  for (const f of figures) {
    console.log(
      `CSV hostile file (${db}): ${f.shape} (${f.megabytes.toFixed(1)} MB) → ${f.answer} in ${f.ms.toFixed(0)} ms; ` +
        `longest event-loop stall ${f.loopStallMs.toFixed(0)} ms, slowest /api/health ${f.slowestHealthMs.toFixed(0)} ms`,
    );
  }
}
