import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DB } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { freshDatabaseUrl, makeTempDir } from '../../test/test-server';
import {
  claimRendition,
  deleteRenditionOfUser,
  findOpenRenditions,
  insertOrFindRendition,
  markRenditionReady,
  releaseAllRenditionLeases,
  renewRendition,
  sumRenditionBytesOfUser,
  type NewRendition,
} from './renditions.repository';

/**
 * The copies' rows on a database of their own, with no worker taking them: who holds a render, when it may be
 * taken over, and what counts against the quota.
 */
describe('renditions repository', () => {
  let db: DB;
  let dir: string;
  let base: Omit<NewRendition, 'key'>;
  const LEASE = 60_000;

  beforeAll(async () => {
    dir = makeTempDir('fanout-renditions-repo-');
    const url = await freshDatabaseUrl();
    // The embedded database starts from the migrated template, as test servers do (making one takes long).
    if (!url) fs.cpSync(inject('pgliteTemplate'), path.join(dir, 'db'), { recursive: true });
    db = (await openDatabase({ url, dir: path.join(dir, 'db') })).db;
    await migrateToLatest(db);
    const user = await db
      .insertInto('users')
      .values({ email: 'copies@example.com', username: 'copies', full_name: 'C' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const project = await db
      .insertInto('projects')
      .values({ user_id: user.id, name: 'P', initials: 'P', color1: '#000', color2: '#fff' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const video = await db
      .insertInto('videos')
      .values({
        user_id: user.id,
        project_id: project.id,
        title: 'V',
        status: 'ready',
        size_bytes: 1000,
        filename: 'v.mp4',
        mime_type: 'video/mp4',
        original_name: 'v.mp4',
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const connection = await db
      .insertInto('platform_connections')
      .values({
        user_id: user.id,
        project_id: project.id,
        platform: 'facebook',
        account_id: 'a',
        account_name: 'A',
        sandbox: true,
        access_token_enc: 'x',
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    base = {
      videoId: video.id,
      userId: user.id,
      projectId: project.id,
      platform: 'facebook',
      connectionId: connection.id,
      request: {},
      steps: [],
      estimatedBytes: 5000,
    };
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const expireLease = (id: number) =>
    db
      .updateTable('renditions')
      .set({ lease_expires_at: sql`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute();

  it('keeps one copy per video and key', async () => {
    const first = await insertOrFindRendition(db, { ...base, key: 'same' });
    const second = await insertOrFindRendition(db, { ...base, key: 'same' });
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ created: false, row: { id: first.row.id } });
  });

  it('lets one render hold a copy until its lease runs out, then another take it over, three starts at most', async () => {
    const { row } = await insertOrFindRendition(db, { ...base, key: 'claims' });
    const held = await claimRendition(db, row.id, LEASE, 3);
    expect(held).toMatchObject({ status: 'rendering', attempts: 1 });
    expect(await claimRendition(db, row.id, LEASE, 3)).toBeUndefined();
    expect(await renewRendition(db, row.id, 1, 0.4, LEASE)).toBe(true);

    await expireLease(row.id);
    expect((await findOpenRenditions(db, 100)).map((r) => r.id)).toContain(row.id);
    expect((await claimRendition(db, row.id, LEASE, 3))?.attempts).toBe(2);
    // The first render lost the copy: its writes change nothing and tell it so.
    expect(await renewRendition(db, row.id, 1, 0.5, LEASE)).toBe(false);
    const ready = { storageKey: 'k.mp4', sizeBytes: 10, width: 2, height: 2, fps: 30, durationMs: 1000 };
    expect(await markRenditionReady(db, row.id, 1, ready)).toBe(false);

    await expireLease(row.id);
    expect((await claimRendition(db, row.id, LEASE, 3))?.attempts).toBe(3);
    await expireLease(row.id);
    expect(await claimRendition(db, row.id, LEASE, 3)).toBeUndefined();
  });

  it('lets go of every hold at once (an embedded database just started)', async () => {
    const { row } = await insertOrFindRendition(db, { ...base, key: 'release' });
    await claimRendition(db, row.id, LEASE, 3);
    expect((await findOpenRenditions(db, 100)).map((r) => r.id)).not.toContain(row.id);
    expect(await releaseAllRenditionLeases(db)).toBeGreaterThan(0);
    expect((await findOpenRenditions(db, 100)).map((r) => r.id)).toContain(row.id);
  });

  it('counts a copy on its way at its expected size, a ready one at its own, a deleted one not at all', async () => {
    await db.deleteFrom('renditions').execute();
    const { row } = await insertOrFindRendition(db, { ...base, key: 'quota' });
    expect(await sumRenditionBytesOfUser(db, base.userId)).toBe(5000);
    await claimRendition(db, row.id, LEASE, 3);
    const facts = { storageKey: 'q.mp4', sizeBytes: 4321, width: 2, height: 2, fps: 30, durationMs: 1000 };
    expect(await markRenditionReady(db, row.id, 1, facts)).toBe(true);
    expect(await sumRenditionBytesOfUser(db, base.userId)).toBe(4321);
    expect(await deleteRenditionOfUser(db, row.id, base.userId + 1)).toBeUndefined();
    expect(await deleteRenditionOfUser(db, row.id, base.userId)).toEqual({ id: row.id, storage_key: 'q.mp4' });
    expect(await sumRenditionBytesOfUser(db, base.userId)).toBe(0);
  });
});
