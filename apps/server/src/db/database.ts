import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { PGliteDialect } from './pglite-dialect';

export type DB = Kysely<Database>;

/** The embedded database behind a DB, for what Kysely does not carry (its notifications). */
const embeddedClients = new WeakMap<DB, PGlite>();

/** The PGlite instance of an embedded database; undefined on PostgreSQL. */
export function embeddedClient(db: DB): PGlite | undefined {
  return embeddedClients.get(db);
}

// int8 (counts, sums, byte sizes) as numbers: every value we store fits in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export interface DatabaseOptions {
  /** postgres:// URL of a real server; when absent an embedded PGlite keeps its files in `dir`. */
  url?: string;
  /** PGlite data directory; `memory://` for a throw-away database. */
  dir: string;
}

/**
 * The embedded database's page cache. PGlite's default (PostgreSQL's 128 MB) is written through at start, so it
 * all counts as resident memory; 32 MB holds a 10,000-video library's rows and indexes several times over and
 * keeps a settled server near 300 MB instead of 400 (`node --import tsx scripts/start-memory.ts`).
 */
const EMBEDDED_SHARED_BUFFERS = '32MB';

export async function openDatabase(opts: DatabaseOptions): Promise<{ db: DB; kind: 'postgres' | 'pglite' }> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  if (!opts.dir.startsWith('memory://')) {
    fs.mkdirSync(opts.dir, { recursive: true });
    await initialiseDataDir(opts.dir);
  }
  const client = await PGlite.create(opts.dir, {
    parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  embeddedClients.set(db, client);
  return { db, kind: 'pglite' };
}

/** True when `dir` holds a database cluster already (initdb wrote its PG_VERSION file). */
export function hasDataDir(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'PG_VERSION'));
}

/**
 * Creates the embedded database's cluster in a child process that exits when done. Done in this process,
 * initdb leaves it about 500 MB larger for good (the WebAssembly heap grows and never shrinks); opened
 * afterwards, an existing cluster costs what a restart costs.
 */
export async function initialiseDataDir(dir: string): Promise<void> {
  if (hasDataDir(dir)) return;
  if (fs.readdirSync(dir).length > 0) {
    throw new Error(`${dir} holds files but no database: point DATA_DIR at a new or empty directory`);
  }
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script =
    'const { PGlite } = require(process.argv[1]);' +
    'PGlite.create(process.argv[2]).then((db) => db.close()).then(' +
    '() => process.exit(0), (err) => { console.error(err); process.exit(1); });';
  // Made beside `dir` and moved in when complete: a start cut short mid-way leaves no half-made cluster.
  const staging = `${dir}.initialising`;
  fs.rmSync(staging, { recursive: true, force: true });
  const child = spawn(process.execPath, ['-e', script, pglite, staging], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0 || !hasDataDir(staging)) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(`Creating the embedded database in ${dir} failed (exit ${code}): ${stderr.trim()}`);
  }
  fs.rmdirSync(dir); // empty: a directory with other files in it is not taken over
  fs.renameSync(staging, dir);
}
