import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { countCallNow, type RequestLimit } from './request-limits';

const limit: RequestLimit = {
  name: 'test-calls',
  max: 6,
  windowSeconds: 60,
  code: 'too_many_test_calls',
  message: (wait) => `Try again in ${wait} s.`,
};

let whose = 0;
const refusalOf = async (call: Promise<void>) => {
  try {
    await call;
    return null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: err.statusCode, code: err.code, wait: Number(err.headers['retry-after']) };
  }
};

describe('limits counted in the database', () => {
  let server: TestServer;
  /** On PostgreSQL, a second pool on the same database: what another API process would use. */
  let otherProcess: DB;
  beforeAll(async () => {
    server = await startTestServer();
    otherProcess = server.databaseUrl
      ? new Kysely<Database>({
          dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: server.databaseUrl }) }),
        })
      : server.ctx.db;
  });
  afterAll(async () => {
    if (otherProcess !== server.ctx.db) await otherProcess.destroy();
    await stopTestServer(server);
  });

  it('lets exactly the limit through when many calls race from two processes at once', async () => {
    const key = ++whose;
    const calls = Array.from({ length: 20 }, (_, i) =>
      refusalOf(countCallNow(i % 2 === 0 ? server.ctx.db : otherProcess, limit, key)),
    );
    const outcomes = await Promise.all(calls);
    expect(outcomes.filter((o) => o === null)).toHaveLength(6);
    for (const refused of outcomes.filter((o) => o !== null)) {
      expect(refused).toMatchObject({ status: 429, code: 'too_many_test_calls' });
      expect(refused!.wait).toBeGreaterThanOrEqual(1);
      expect(refused!.wait).toBeLessThanOrEqual(60);
    }
    // Another key (another user) has its own window.
    expect(await refusalOf(countCallNow(otherProcess, limit, ++whose))).toBeNull();
  });

  it('slides: calls older than the window are forgotten, and Retry-After is when the oldest one leaves it', async () => {
    const key = ++whose;
    const hitsAgo = async (seconds: number, n: number) => {
      for (let i = 0; i < n; i++) {
        await server.ctx.db
          .insertInto('request_limit_hits')
          .values({ key: `test-calls:${key}`, at: new Date(Date.now() - seconds * 1000) })
          .execute();
      }
    };
    await hitsAgo(61, 6);
    expect(await refusalOf(countCallNow(server.ctx.db, limit, key))).toBeNull();
    await hitsAgo(50, 5);
    const refused = await refusalOf(countCallNow(server.ctx.db, limit, key));
    expect(refused).toMatchObject({ status: 429 });
    // The oldest call in the window is 50 s old: 10 s to go (whole seconds, rounded up).
    expect(refused!.wait).toBeGreaterThanOrEqual(9);
    expect(refused!.wait).toBeLessThanOrEqual(11);
  });

  it('forgets, on any call, the calls of keys no longer used once they are a day old', async () => {
    const idle = `test-calls:${++whose}`;
    await server.ctx.db
      .insertInto('request_limit_hits')
      .values({ key: idle, at: new Date(Date.now() - 25 * 3600_000) })
      .execute();
    await countCallNow(server.ctx.db, limit, ++whose);
    const left = await server.ctx.db.selectFrom('request_limit_hits').select('key').where('key', '=', idle).execute();
    expect(left).toEqual([]);
  });
});
