import fs from 'node:fs';
import pino from 'pino';
import type { Config } from './config/env';
import { createContext, type AppContext } from './context';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { buildApp } from './http/app';
import { sweepStaleUploads } from './services/upload.service';
import { STALE_TEMP_AFTER_MS } from './storage/temp-file';

export interface RunningServer {
  ctx: AppContext;
  app: Awaited<ReturnType<typeof buildApp>>;
  url: string;
  close(): Promise<void>;
}

/** Opens the database, migrates it, builds the app and listens. Used by main.ts and by the tests. */
export async function startServer(config: Config): Promise<RunningServer> {
  const log = pino({ level: config.logLevel, base: undefined });
  for (const dir of [config.dataDir, config.mediaDir, config.tmpDir]) fs.mkdirSync(dir, { recursive: true });

  const { db, kind } = await openDatabase({ url: config.databaseUrl, dir: config.dbDir });
  try {
    const applied = await migrateToLatest(db);
    if (applied.length) log.info({ applied }, 'database migrated');
  } catch (err) {
    await db.destroy();
    throw err;
  }

  const ctx = createContext({ config, db, dbKind: kind, log });
  const sweep = () =>
    sweepStaleUploads(ctx).catch((err: unknown) =>
      log.warn({ err }, 'could not sweep the files of interrupted uploads'),
    );
  await sweep();
  const app = await buildApp(ctx);
  await app.listen({ port: config.port, host: config.host });
  // Files of a crash that were too young for the first sweep go in a later one.
  const sweeper = setInterval(() => void sweep(), STALE_TEMP_AFTER_MS).unref();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    ctx,
    app,
    url,
    close: () =>
      (closing ??= (async () => {
        clearInterval(sweeper);
        await app.close();
        await db.destroy();
      })()),
  };
}
