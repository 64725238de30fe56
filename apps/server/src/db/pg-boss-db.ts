import { CompiledQuery } from 'kysely';
import type { DB } from './database';

/**
 * pg-boss's SQL, run on the app's own Kysely instance rather than a pool of pg-boss's own: the same
 * connections on PostgreSQL, and on PGlite its single connection, which the dialect lends to one caller at a
 * time (pg-boss has no other way in). pg-boss never holds a transaction across a handler: each call is one
 * statement or one self-contained script.
 */
export class PgBossDb {
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly db: DB) {}

  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    if (this.closed) return Promise.reject(new Error('The job queue has stopped'));
    const run = values?.length ? this.parameterized(text, values) : this.script(text);
    this.inFlight.add(run);
    void run.catch(() => {}).finally(() => this.inFlight.delete(run));
    return run;
  }

  /** Resolves once no statement is under way. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Refuses new statements and waits for those under way, so the database can close after it. */
  async close(): Promise<void> {
    this.closed = true;
    await this.settled();
  }

  private async parameterized(text: string, values: unknown[]) {
    const { rows } = await this.db.executeQuery(CompiledQuery.raw(text, values));
    return { rows };
  }

  /**
   * Without values the dialects use the simple protocol, which runs several statements at once (pg-boss's
   * schema, its `BEGIN; …; COMMIT` maintenance). When one of them fails after the BEGIN the connection stays in
   * an aborted transaction, and pg-boss expects such failures (two processes creating the schema at once). So
   * the script and its rollback run on one reserved connection: on PGlite it is the only one, and on PostgreSQL
   * the pool would hand it on to the app's next query.
   */
  private script(text: string) {
    return this.db.connection().execute(async (conn) => {
      try {
        const { rows } = await conn.executeQuery(CompiledQuery.raw(text));
        return { rows };
      } catch (err) {
        await conn.executeQuery(CompiledQuery.raw('rollback')).catch(() => {});
        throw err;
      }
    });
  }
}
