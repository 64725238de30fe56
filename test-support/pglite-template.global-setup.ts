import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../apps/server/src/db/database';
import { prepareDatabase } from '../apps/server/src/runtime';

/**
 * Makes one prepared, empty embedded database for the `server-pglite` project; each test server starts on a
 * copy of it (apps/server/test/test-server.ts) rather than creating a PGlite cluster of its own. It is prepared
 * by the server's own start-up step (migrations, pg-boss's schema, queues and crons), so a copy has nothing
 * left to create.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-pglite-template-'));
  const dbDir = path.join(dir, 'db');
  const { db } = await openDatabase({ dir: dbDir });
  try {
    const jobs = await prepareDatabase(db, pino({ level: 'silent' }), 'all');
    await jobs.stop();
  } finally {
    await db.destroy();
  }
  project.provide('pgliteTemplate', dbDir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
