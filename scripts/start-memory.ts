/**
 * The built server's resident memory once it has settled after a first start on a new DATA_DIR (the
 * embedded database is created then) and after a restart on the same DATA_DIR. Used by `npm run bench`;
 * also runnable alone: `node --import tsx scripts/start-memory.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer, stopChild } from './built-server';
import { processMb } from './bench-support';

/** How long the server is left alone after it first answers /api/health before its RSS is read. */
export const SETTLE_MS = 10_000;

export interface StartMemory {
  /** Spawn → first 200 from /api/health, new DATA_DIR. */
  firstStartMs: number;
  /** VmRSS in MB, SETTLE_MS after the first start answered. */
  firstRssMb: number;
  restartMs: number;
  restartRssMb: number;
}

async function settledRss(dataDir: string): Promise<{ startMs: number; rssMb: number }> {
  // The sandbox emulator on a free port: another server on this machine does not stop the measurement.
  const { child, startMs } = await startBuiltServer(dataDir, { EMULATOR_PORT: '0' });
  try {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    return { startMs, rssMb: processMb(child.pid!) };
  } finally {
    await stopChild(child);
  }
}

/** Starts the built server on `dataDir` (which must not exist yet) twice and reads its settled RSS each time. */
export async function measureStartMemory(dataDir: string): Promise<StartMemory> {
  if (fs.existsSync(dataDir)) throw new Error(`${dataDir} exists: a first start needs a new DATA_DIR`);
  const first = await settledRss(dataDir);
  const again = await settledRss(dataDir);
  return { firstStartMs: first.startMs, firstRssMb: first.rssMb, restartMs: again.startMs, restartRssMb: again.rssMb };
}

export function startMemoryRows(m: StartMemory): [string, string][] {
  const s = SETTLE_MS / 1000;
  return [
    [`RSS ${s} s after a first start on a new DATA_DIR (goal ≤ 400 MB)`, `${m.firstRssMb.toFixed(1)} MB`],
    [`RSS ${s} s after a restart on that DATA_DIR`, `${m.restartRssMb.toFixed(1)} MB`],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-start-memory-'));
  try {
    const m = await measureStartMemory(path.join(work, 'data'));
    for (const [what, value] of [
      ['first start (spawn → /api/health 200)', `${m.firstStartMs.toFixed(0)} ms`],
      ['restart', `${m.restartMs.toFixed(0)} ms`],
      ...startMemoryRows(m),
    ])
      console.log(`${what}: ${value}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
