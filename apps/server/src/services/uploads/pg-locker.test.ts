import { ERRORS } from '@tus/server';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../../../test/test-server';
import { PgLocker } from './pg-locker';

const onPostgres = process.env.TEST_DB === 'postgres';
const noRelease = async () => undefined;

describe.skipIf(!onPostgres)('upload locks across API processes (PostgreSQL advisory locks)', () => {
  const lockers: PgLocker[] = [];
  afterAll(async () => {
    await Promise.all(lockers.map((l) => l.close()));
  });

  it('keeps a second process off an upload until the first lets go, and never off another upload', async () => {
    const url = (await freshDatabaseUrl())!;
    // Two lockers with a connection each: two API processes on one database.
    const first = new PgLocker(url);
    const second = new PgLocker(url, { acquireLockTimeout: 300 });
    lockers.push(first, second);

    const held = first.newLock('upload-a');
    await held.lock(new AbortController().signal, noRelease);
    await expect(second.newLock('upload-a').lock(new AbortController().signal, noRelease)).rejects.toBe(
      ERRORS.ERR_LOCK_TIMEOUT,
    );
    const other = second.newLock('upload-b');
    await other.lock(new AbortController().signal, noRelease);
    await other.unlock();

    await held.unlock();
    const next = second.newLock('upload-a');
    await next.lock(new AbortController().signal, noRelease);
    await next.unlock();
  });

  it('lets go of every lock when the process holding them goes away', async () => {
    const url = (await freshDatabaseUrl())!;
    const gone = new PgLocker(url);
    const survivor = new PgLocker(url, { acquireLockTimeout: 300 });
    lockers.push(survivor);
    await gone.newLock('upload-c').lock(new AbortController().signal, noRelease);
    await gone.close();
    const lock = survivor.newLock('upload-c');
    await lock.lock(new AbortController().signal, noRelease);
    await lock.unlock();
  });
});
