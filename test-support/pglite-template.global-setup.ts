import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';

/**
 * Makes one migrated, empty embedded database for the `server-pglite` project; each test server starts on a
 * copy of it (apps/server/test/test-server.ts) rather than creating a PGlite cluster of its own.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-pglite-template-'));
  const dbDir = path.join(dir, 'db');
  const { db } = await openDatabase({ dir: dbDir });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  project.provide('pgliteTemplate', dbDir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
