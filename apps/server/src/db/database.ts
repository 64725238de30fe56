import fs from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { PGliteDialect } from './pglite-dialect';

export type DB = Kysely<Database>;

// int8 (counts, sums, byte sizes) as numbers: every value we store fits in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export interface DatabaseOptions {
  /** postgres:// URL of a real server; when absent an embedded PGlite keeps its files in `dir`. */
  url?: string;
  /** PGlite data directory; `memory://` for a throw-away database. */
  dir: string;
}

export async function openDatabase(opts: DatabaseOptions): Promise<{ db: DB; kind: 'postgres' | 'pglite' }> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  if (!opts.dir.startsWith('memory://')) fs.mkdirSync(opts.dir, { recursive: true });
  const client = await PGlite.create(opts.dir, {
    parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) },
  });
  return { db: new Kysely<Database>({ dialect: new PGliteDialect(client) }), kind: 'pglite' };
}
