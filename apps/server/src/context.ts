import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env';
import type { DB } from './db/database';
import { APP_VERSION } from './version';
import type { KeptJson } from './http/compression';
import type { JobQueue } from './jobs/job-queue';
import { createMedia, type Media } from './media/media';
import { createPlatformRegistry, type PlatformRegistry, type SandboxTarget } from './platforms/registry';
import { createIdentityProvider, type IdentityProvider } from './services/oidc.service';
import type { SecretBox } from './services/secret-box.service';
import { LocalStorage } from './storage/local-storage';
import { ShortLivedCache } from './services/cache/short-lived-cache';
import type { SessionWithUser } from './repositories/sessions.repository';
import { S3Storage } from './storage/s3-storage';
import type { Storage } from './storage/storage';

/**
 * Everything a route or job needs, built once at start-up (main.ts) or per test (test/test-server.ts).
 * Repositories own SQL; services own rules; routes own HTTP.
 */
export interface AppContext {
  config: Config;
  db: DB;
  dbKind: 'postgres' | 'pglite';
  log: FastifyBaseLogger;
  /** Media files (videos and thumbnails), by server-generated name. */
  storage: Storage;
  /** ffprobe/ffmpeg. */
  media: Media;
  /** Seals secrets stored in the database (SECRET_KEY, or DATA_DIR/secret.key), its key checked at start-up. */
  secretBox: SecretBox;
  /** OpenID Connect sign-in, when OIDC_CLIENT_ID is set. */
  identityProvider?: IdentityProvider;
  /** One adapter per platform this server can connect (live or sandbox). */
  platforms: PlatformRegistry;
  /** The platform emulator of the sandbox platforms, when any platform is in sandbox mode. */
  emulator?: SandboxTarget;
  /** Background jobs (jobs/job-definitions.ts): any process sends them, worker processes run them. */
  jobs: JobQueue;
  /** Answers this process may give again for READ_CACHE_MS (services/cache/read-caches.ts forgets them). */
  caches: ReadCaches;
}

export interface ReadCaches {
  /** Token hash → the session found for it. */
  sessions: ShortLivedCache<SessionWithUser>;
  /** A video list request → its JSON, and that JSON encoded as clients asked for it. */
  videoPages: ShortLivedCache<KeptJson>;
}

/** What start-up has opened itself; the rest is built from config here. */
export type ContextBase = Pick<AppContext, 'config' | 'db' | 'dbKind' | 'log' | 'emulator' | 'jobs' | 'secretBox'>;

export function createContext(base: ContextBase): AppContext {
  return {
    ...base,
    storage:
      base.config.storage.kind === 's3'
        ? S3Storage.fromConfig(base.config, base.config.storage)
        : new LocalStorage(base.config.mediaDir),
    media: createMedia({ ffmpegPath: base.config.ffmpegPath, ffprobePath: base.config.ffprobePath }),
    identityProvider: createIdentityProvider(base.config),
    caches: {
      sessions: new ShortLivedCache(base.config.readCacheMs),
      videoPages: new ShortLivedCache(base.config.readCacheMs),
    },
    platforms: createPlatformRegistry({
      config: base.config,
      emulator: base.emulator,
      log: base.log,
      version: APP_VERSION,
    }),
  };
}
