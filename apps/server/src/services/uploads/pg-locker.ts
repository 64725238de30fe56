import { setTimeout as delay } from 'node:timers/promises';
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { releaseAdvisoryLock, tryAdvisoryLock } from '../../repositories/advisory-locks.repository';

/** The advisory-lock namespace of tus uploads ('tu'). */
const TUS_LOCKS = 0x7475;
const POLL_MS = 100;

export interface PgLockerOptions {
  /** How long a request waits for an upload another request holds before giving up (423 to the client). */
  acquireLockTimeout?: number;
}

/**
 * Upload locks that hold across API processes sharing one PostgreSQL: each process takes the lock in memory
 * first (so a request of the same process can ask the holder to let go, as tus does when a client
 * reconnects), then a PostgreSQL advisory lock on one dedicated connection of its own. A request of another
 * process waits until the holder is done (or its connection is gone: PostgreSQL then releases the lock).
 */
export class PgLocker implements Locker {
  private readonly memory: MemoryLocker;
  private db: DB | undefined;
  readonly timeout: number;

  constructor(
    private readonly databaseUrl: string,
    options: PgLockerOptions = {},
  ) {
    this.timeout = options.acquireLockTimeout ?? 30_000;
    this.memory = new MemoryLocker({ acquireLockTimeout: this.timeout });
  }

  /** One connection, opened on first use and kept open: a closed session would drop its locks. */
  session(): DB {
    if (!this.db) {
      const pool = new pg.Pool({ connectionString: this.databaseUrl, max: 1, idleTimeoutMillis: 0 });
      // A broken connection is replaced on the next query; its locks were released by the server.
      pool.on('error', () => undefined);
      this.db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    }
    return this.db;
  }

  newLock(id: string): Lock {
    return new PgLock(id, this, this.memory.newLock(id));
  }

  async close(): Promise<void> {
    const db = this.db;
    this.db = undefined;
    await db?.destroy();
  }
}

class PgLock implements Lock {
  constructor(
    private readonly id: string,
    private readonly locker: PgLocker,
    private readonly local: Lock,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    await this.local.lock(signal, requestRelease);
    try {
      const deadline = Date.now() + this.locker.timeout;
      while (!(await tryAdvisoryLock(this.locker.session(), TUS_LOCKS, this.id))) {
        if (signal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        await delay(POLL_MS);
      }
    } catch (err) {
      await this.local.unlock();
      throw err;
    }
  }

  async unlock(): Promise<void> {
    try {
      await releaseAdvisoryLock(this.locker.session(), TUS_LOCKS, this.id);
    } finally {
      await this.local.unlock();
    }
  }
}
