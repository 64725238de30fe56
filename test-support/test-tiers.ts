import fs from 'node:fs';
import path from 'node:path';

/**
 * Which server test files run in which vitest project (vitest.config.ts):
 *
 * - `unit`: files that start no server and open no database (a parser, a rule table, a storage contract). They
 *   run once, without a database.
 * - `postgres`: every other file, on a real PostgreSQL server: the production set-up.
 * - `embedded`: the files where the embedded database (PGlite, what `npm start` runs) behaves differently from a
 *   PostgreSQL server: its single connection, transactions and locks, pg-boss on it, crash recovery, process
 *   roles, uploads and publishing under concurrency. The rest of the server runs on PGlite in the browser
 *   tests (the built app on its embedded default) and, FANOUT_PGLITE_ALL=1, here too (.ci/other-node-versions).
 *
 * A file is sorted by what it reads from: one that names a test server, a server process or TEST_DB uses a
 * database. A file in `unit` that starts one anyway fails (there is no database template for it), never passes
 * unseen.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_ROOTS = ['apps/server', 'packages'];
/** The adapters and the emulator: no database, their own `platforms` project. */
const PLATFORM_DIRS = ['apps/platform-emulator/', 'apps/server/src/platforms/'];

/** Files that say they behave differently on each database (they read TEST_DB or drive a server process). */
const EMBEDDED_MARK = /crash-harness|server-process|database-state|TEST_DB/;
/** A file that starts a test server or opens a database, or one marked as above, uses a database. */
const USES_DATABASE = new RegExp(`test-server|openDatabase|${EMBEDDED_MARK.source}`);

/** Directories whose files all run on the embedded database too (see above). */
const EMBEDDED_DIRS = [
  'apps/server/src/db/',
  'apps/server/src/jobs/',
  'apps/server/src/repositories/',
  'apps/server/src/services/publishing/',
  'apps/server/src/services/uploads/',
  'apps/server/src/services/notifications/',
  'apps/server/src/routes/upload/',
  'apps/server/src/routes/tus/',
  'apps/server/src/routes/health/',
];
/** Files elsewhere that start a server again on the same data, or shut one down: what the embedded one must keep. */
const EMBEDDED_FILES = [
  'apps/server/src/routes/projects/persistence.test.ts',
  'apps/server/src/http/shutdown.test.ts',
  'apps/server/src/routes/analytics/sync-now.test.ts',
];
function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    if (entry.isDirectory()) out.push(...testFiles(rel));
    else if (entry.name.endsWith('.test.ts')) out.push(rel);
  }
  return out;
}

export interface ServerTiers {
  unit: string[];
  postgres: string[];
  embedded: string[];
}

export function serverTiers(embeddedAll = process.env.FANOUT_PGLITE_ALL === '1'): ServerTiers {
  const files = SERVER_ROOTS.flatMap(testFiles)
    .filter((f) => !PLATFORM_DIRS.some((d) => f.startsWith(d)))
    .sort();
  const unit: string[] = [];
  const postgres: string[] = [];
  const embedded: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    if (!USES_DATABASE.test(text)) {
      unit.push(file);
      continue;
    }
    postgres.push(file);
    if (
      embeddedAll ||
      EMBEDDED_DIRS.some((d) => file.startsWith(d)) ||
      EMBEDDED_FILES.includes(file) ||
      EMBEDDED_MARK.test(text)
    )
      embedded.push(file);
  }
  return { unit, postgres, embedded };
}
