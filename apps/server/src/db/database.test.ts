import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../test/test-server';
import { hasDataDir, openDatabase } from './database';

// The embedded database only: a PostgreSQL server's cluster is made by its own tools.
describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded database on a new data directory', () => {
  const parent = makeTempDir('fanout-db-new-');
  afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

  it('is created (in a process of its own), opened, and keeps what is written across a reopen', async () => {
    const dir = path.join(parent, 'db');
    const first = await openDatabase({ dir });
    expect(hasDataDir(dir)).toBe(true);
    expect(fs.existsSync(`${dir}.initialising`)).toBe(false);
    await sql`create table notes (body text)`.execute(first.db);
    await sql`insert into notes values ('kept')`.execute(first.db);
    await first.db.destroy();

    const again = await openDatabase({ dir });
    const { rows } = await sql<{ body: string }>`select body from notes`.execute(again.db);
    await again.db.destroy();
    expect(rows).toEqual([{ body: 'kept' }]);
    // Making a cluster from nothing (initdb in WebAssembly) takes seconds, and much longer on a busy machine.
  }, 120_000);

  it('does not take over a directory that holds other files', async () => {
    const dir = path.join(parent, 'taken');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    await expect(openDatabase({ dir })).rejects.toThrow(/holds files but no database/);
    expect(fs.readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine');
  });
});
