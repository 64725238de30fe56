import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env';
import type { DB } from './db/database';

/**
 * Everything a route or job needs, built once at start-up (main.ts) or per test (test/test-server.ts).
 * Repositories own SQL; services own rules; routes own HTTP.
 */
export interface AppContext {
  config: Config;
  db: DB;
  dbKind: 'postgres' | 'pglite';
  log: FastifyBaseLogger;
}

export function createContext(base: AppContext): AppContext {
  return { ...base };
}
