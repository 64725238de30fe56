import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import type { PlatformKey } from '@fanout/contracts';
import { z } from 'zod';
import { X264_PRESETS } from '../media/fit-filters';

const GiB = 1024 ** 3;

/** Where a reverse proxy normally runs: this machine or the private network. */
const PRIVATE_NETWORKS = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * A setting that is off (`false`, `0`, `no`, empty), on (`true`, `1`, `yes`: `whenOn`), or a comma-separated list
 * whose every entry `valid` accepts; anything else is refused naming the first bad entry.
 */
function offOnOrList<On>(whenOn: On, valid: (entry: string) => boolean, expected: string) {
  return z.string().transform((raw, ctx): false | On | string[] => {
    const v = raw.trim().toLowerCase();
    if (['', 'false', '0', 'no'].includes(v)) return false;
    if (['true', '1', 'yes'].includes(v)) return whenOn;
    const list = v
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const bad = list.find((p) => !valid(p));
    if (bad !== undefined) {
      ctx.addIssue({ code: 'custom', message: `expected ${expected}; got "${bad}"` });
      return z.NEVER;
    }
    return list;
  });
}

/**
 * Which proxies to believe about the client's address (`X-Forwarded-For`): the client is the first address,
 * reading from the nearest hop outwards, that is not a trusted proxy, so entries a client writes itself
 * further left are never believed. `true` trusts proxies on this machine and private networks; otherwise a
 * comma-separated list of proxy addresses or CIDR ranges.
 */
const trustProxy = offOnOrList(
  PRIVATE_NETWORKS,
  (p) => /^(loopback|linklocal|uniquelocal|[0-9a-f:.]+(\/\d{1,3})?)$/.test(p) && !/^\d+$/.test(p),
  "true/false or the proxies' addresses/CIDR ranges, separated by commas",
);

/**
 * Which private addresses an import from a URL may reach: none (`false`), all of them (`true`), or a
 * comma-separated list of addresses and CIDR ranges (a media server on the local network, `192.168.1.20`).
 */
const privateAllowance = offOnOrList(
  true as const,
  (p) => isAddressOrRange(p),
  'true/false or addresses/CIDR ranges separated by commas',
);

/** `10.0.0.7`, `10.0.0.0/8`, `fd00::/8`. */
function isAddressOrRange(text: string): boolean {
  const [address, prefix, extra] = text.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** `host=Name,host2=Name 2` → map of host → product name. */
const brands = z.string().transform((raw, ctx) => {
  const map: Record<string, string> = {};
  for (const pair of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = pair.indexOf('=');
    if (at <= 0 || at === pair.length - 1) {
      ctx.addIssue({ code: 'custom', message: `expected host=Name pairs separated by commas, got "${pair}"` });
      return z.NEVER;
    }
    map[pair.slice(0, at).trim().toLowerCase()] = pair.slice(at + 1).trim();
  }
  return map;
});

/** The app registered on each platform (docs/going-live.md: how to register one), as pairs of variables. */
export const CREDENTIAL_PAIRS = {
  youtube: ['YOUTUBE_CLIENT_ID', 'YOUTUBE_CLIENT_SECRET'],
  tiktok: ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET'],
  // Instagram API with Instagram Login takes the Instagram app's own id and secret, not the Meta app id that
  // Facebook Login takes: each has a pair of its own.
  instagram: ['INSTAGRAM_CLIENT_ID', 'INSTAGRAM_CLIENT_SECRET'],
  facebook: ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
  x: ['X_CLIENT_ID', 'X_CLIENT_SECRET'],
  reddit: ['REDDIT_CLIENT_ID', 'REDDIT_CLIENT_SECRET'],
} as const satisfies Record<PlatformKey, readonly [string, string]>;

/** The one pair both Meta platforms once shared: still read for Facebook, with a deprecation line. */
const LEGACY_FACEBOOK_PAIR = ['META_APP_ID', 'META_APP_SECRET'] as const;

type CredentialVariable = (typeof CREDENTIAL_PAIRS)[PlatformKey][number] | (typeof LEGACY_FACEBOOK_PAIR)[number];

const credentialValue = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .regex(/^\S+$/, 'must not contain spaces')
  .optional();

const PLATFORM_CREDENTIAL_VARIABLES = Object.fromEntries(
  [...Object.values(CREDENTIAL_PAIRS), LEGACY_FACEBOOK_PAIR].flat().map((name) => [name, credentialValue]),
) as Record<CredentialVariable, typeof credentialValue>;

/** `true`/`false` (also 1/0, yes/no). */
const flag = z.string().transform((raw, ctx): boolean => {
  const v = raw.trim().toLowerCase();
  if (['true', '1', 'yes'].includes(v)) return true;
  if (['false', '0', 'no'].includes(v)) return false;
  ctx.addIssue({ code: 'custom', message: `expected true or false, got "${raw}"` });
  return z.NEVER;
});

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PRODUCT_NAME: z.string().min(1).default('Fanout'),
  BRANDS: brands.default({}),
  STORAGE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * GiB),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * GiB),
  /** An upload request sending fewer bytes a second than this, averaged over each 30 s, is cut off. */
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce
    .number()
    .int()
    .min(1)
    .default(10 * 1024),
  /** The window the minimum upload rate is averaged over; a window without a byte is the idle timeout. */
  UPLOAD_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  UPLOAD_MAX_CONCURRENT_PER_USER: z.coerce.number().int().min(1).max(1000).default(8),
  UPLOAD_MAX_CONCURRENT_PER_ADDRESS: z.coerce.number().int().min(1).max(10000).default(16),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(90),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: trustProxy.default(false),
  /**
   * How long (ms) a process may reuse an answer it just gave for the same read (a library page, the session
   * behind a token); every change it learns of forgets the user's answers first. 0: never reuse.
   */
  READ_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1_000),
  /** Bearer token that /metrics asks for; unset: /metrics answers only direct requests from this machine. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters of random data').optional(),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  SECRET_KEY: z
    .string()
    .min(32, 'must be at least 32 characters of random data, e.g. the output of `openssl rand -base64 48`')
    .optional(),
  AUTH_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  AUTH_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(100),
  AUTH_LOCKOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  OIDC_ISSUER: z
    .url()
    .refine(isHttpsOrLoopback, 'must be an https:// URL (plain http:// only on a loopback address)')
    .default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_PROVIDER_NAME: z.string().min(1).default('Google'),
  ...PLATFORM_CREDENTIAL_VARIABLES,
  /** Whether the live TikTok app passed the Direct Post audit (unaudited apps post privately, to 5 users a day). */
  TIKTOK_AUDITED: flag.default(false),
  /** Whether the live Google API project passed YouTube's audit (unverified projects' uploads are locked private). */
  YOUTUBE_API_VERIFIED: flag.default(false),
  SANDBOX_PLATFORMS: flag.default(true),
  EMULATOR_URL: z.url().optional(),
  EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  EMULATOR_PUBLIC_URL: z.url().optional(),
  PUBLISH_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
  PUBLISH_CONNECTION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  PUBLISH_PLATFORM_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  PUBLISH_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
  PUBLISH_STEP_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  PUBLISH_RETRY_BASE_MS: z.coerce.number().int().min(1).max(600_000).default(2000),
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  RENDER_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  RENDER_PRESET: z.enum(X264_PRESETS).default('veryfast'),
  /** Let rule webhooks reach loopback and private-network addresses (tests, a receiver on the same network). */
  WEBHOOK_ALLOW_PRIVATE: flag.default(false),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /** Let imports from a URL reach private addresses: `true` all, or a list of addresses/CIDR ranges. */
  IMPORT_ALLOW_PRIVATE: privateAllowance.default(false),
  /** An import's address look-up, connection and answer headers, each hop of a redirect. */
  IMPORT_CONNECT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  /** An import's whole fetch, body included. */
  IMPORT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  /** Where invitation e-mails are sent through (smtp:// or smtps://, credentials in the URL); unset: no mail. */
  SMTP_URL: z
    .url()
    .refine((u) => /^smtps?:\/\//.test(u), 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of those e-mails. */
  SMTP_FROM: z.string().min(3).default('Fanout <no-reply@localhost>'),
});

export type Config = ReturnType<typeof loadConfig>;

/** Parse the environment once. A bad value throws an error naming the variable and what it should be. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.superRefine(requireCredentialPairs).superRefine(requireS3Settings).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    dbDir: path.join(dataDir, 'db'),
    mediaDir: path.join(dataDir, 'media'),
    tmpDir: path.join(dataDir, 'tmp'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    role: e.ROLE,
    logLevel: e.LOG_LEVEL,
    productName: e.PRODUCT_NAME,
    brands: e.BRANDS,
    storageQuotaBytes: e.STORAGE_QUOTA_BYTES,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadLimits: {
      minBytesPerSecond: e.UPLOAD_MIN_BYTES_PER_SECOND,
      maxConcurrentPerUser: e.UPLOAD_MAX_CONCURRENT_PER_USER,
      maxConcurrentPerAddress: e.UPLOAD_MAX_CONCURRENT_PER_ADDRESS,
      rateWindowSeconds: e.UPLOAD_RATE_WINDOW_SECONDS,
    },
    /** Where media lives: files under DATA_DIR/media, or an S3-compatible bucket. */
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3' as const,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local' as const },
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 3600 * 1000,
    sessionMaxMs: e.SESSION_MAX_DAYS * 24 * 3600 * 1000,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    mail: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM } : undefined,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    readCacheMs: e.READ_CACHE_MS,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    secretKey: e.SECRET_KEY,
    secretKeyFile: path.join(dataDir, 'secret.key'),
    authLockout: {
      maxFailuresPerAccount: e.AUTH_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerIp: e.AUTH_MAX_FAILURES_PER_IP,
      windowMs: e.AUTH_LOCKOUT_MINUTES * 60_000,
    },
    oidc: e.OIDC_CLIENT_ID
      ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, providerName: e.OIDC_PROVIDER_NAME }
      : undefined,
    platformCredentials: platformCredentials(e),
    /** The variables each platform's credentials were read from (Facebook's may be the deprecated META_* pair). */
    credentialVariables: credentialVariables(e),
    /** Where each live app stands with its platform; the sandbox follows the emulator's own setting instead. */
    platformStages: { tiktokAudited: e.TIKTOK_AUDITED, youtubeApiVerified: e.YOUTUBE_API_VERIFIED },
    /** Settings still accepted under an old name: one line each, for the log. */
    deprecations: deprecations(e),
    sandboxPlatforms: e.SANDBOX_PLATFORMS,
    emulator: {
      /** An emulator that runs on its own; unset: the server starts one when a platform is in sandbox mode. */
      url: e.EMULATOR_URL?.replace(/\/$/, ''),
      port: e.EMULATOR_PORT,
      /** Where browsers reach it; unset with port 0 (tests): its own address, known once it listens. */
      publicUrl: (
        e.EMULATOR_PUBLIC_URL ??
        e.EMULATOR_URL ??
        (e.EMULATOR_PORT ? `http://localhost:${e.EMULATOR_PORT}` : undefined)
      )?.replace(/\/$/, ''),
      dataDir: path.join(dataDir, 'emulator'),
    },
    publishing: {
      /** Posts one worker process publishes at once. */
      concurrency: e.PUBLISH_CONCURRENCY,
      /** Posts of one connected account being published at once, across every process. */
      perConnection: e.PUBLISH_CONNECTION_CONCURRENCY,
      /** Posts of one platform one process publishes at once. */
      perPlatform: e.PUBLISH_PLATFORM_CONCURRENCY,
      /** How long a run's hold on a post lasts without a heartbeat: a run that died lets go after this. */
      leaseMs: e.PUBLISH_LEASE_SECONDS * 1000,
      /** A step that has not answered by then is given up (a create's outcome is then unknown). */
      stepTimeoutMs: e.PUBLISH_STEP_TIMEOUT_SECONDS * 1000,
      /** The first retry's longest wait; each further retry doubles it (full jitter, at most 10 minutes). */
      retryBaseMs: e.PUBLISH_RETRY_BASE_MS,
    },
    renditions: {
      /** Fitting copies one worker process renders at once (each ffmpeg uses every core it is given). */
      concurrency: e.RENDER_CONCURRENCY,
      /** How long a render holds its copy without writing progress: a render that died lets go after this. */
      leaseMs: e.RENDER_LEASE_SECONDS * 1000,
      /** x264's speed/size trade-off for every transcoded copy (same quality, CRF 21; slower presets make smaller files). */
      preset: e.RENDER_PRESET,
    },
    webhooks: {
      /** Whether webhooks may go to this machine or a private network (refused by default). */
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      /** A delivery's whole time (address look-up, connect, answer); past it the try has failed. */
      timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
      /** Deliveries one worker process makes at once. */
      concurrency: e.WEBHOOK_CONCURRENCY,
    },
    imports: {
      /** Private addresses an import from a URL may reach: none, all, or these addresses/ranges. */
      allowPrivate: e.IMPORT_ALLOW_PRIVATE,
      /** Each hop's look-up, connection and answer headers. */
      connectTimeoutMs: e.IMPORT_CONNECT_TIMEOUT_SECONDS * 1000,
      /** The whole fetch, body included; past it the import fails and keeps nothing. */
      timeoutMs: e.IMPORT_TIMEOUT_SECONDS * 1000,
    },
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : path.join(serverPackageDir(), '../web/dist'),
  };
}

export class ConfigError extends Error {}

/** Half of a pair is a mistake, not a choice of sandbox: stop and name the missing half. */
function requireCredentialPairs(env: Partial<Record<CredentialVariable, string>>, ctx: z.RefinementCtx) {
  for (const [id, secret] of [...Object.values(CREDENTIAL_PAIRS), LEGACY_FACEBOOK_PAIR]) {
    const [set, missing] = env[id] ? [id, secret] : [secret, id];
    if (env[set] && !env[missing]) {
      ctx.addIssue({ code: 'custom', path: [missing], message: `must be set together with ${set} (or neither)` });
    }
  }
}

/** STORAGE=s3 needs its bucket, and a key pair given whole (or neither, for the SDK's own credential chain). */
function requireS3Settings(
  env: { STORAGE: string; S3_BUCKET?: string; S3_ACCESS_KEY_ID?: string; S3_SECRET_ACCESS_KEY?: string },
  ctx: z.RefinementCtx,
) {
  if (env.STORAGE !== 's3') return;
  if (!env.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is needed with STORAGE=s3' });
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set together with its pair (or neither)' });
  }
}

export interface PlatformCredentials {
  clientId: string;
  clientSecret: string;
}

type CredentialEnv = Partial<Record<CredentialVariable, string>>;

/** Facebook's own pair when set, else the deprecated shared Meta pair. */
function credentialVariables(env: CredentialEnv): Record<PlatformKey, readonly [string, string]> {
  const facebook = env.FACEBOOK_CLIENT_ID || !env.META_APP_ID ? CREDENTIAL_PAIRS.facebook : LEGACY_FACEBOOK_PAIR;
  return { ...CREDENTIAL_PAIRS, facebook };
}

function platformCredentials(env: CredentialEnv) {
  const out: Partial<Record<PlatformKey, PlatformCredentials>> = {};
  for (const [platform, [id, secret]] of Object.entries(credentialVariables(env))) {
    const clientId = env[id as CredentialVariable];
    const clientSecret = env[secret as CredentialVariable];
    if (clientId && clientSecret) out[platform as PlatformKey] = { clientId, clientSecret };
  }
  return out;
}

function deprecations(env: CredentialEnv): string[] {
  if (!env.META_APP_ID) return [];
  const instead = 'set FACEBOOK_CLIENT_ID/FACEBOOK_CLIENT_SECRET for Facebook';
  const instagram = "Instagram takes its own app's INSTAGRAM_CLIENT_ID/INSTAGRAM_CLIENT_SECRET";
  return [
    env.FACEBOOK_CLIENT_ID
      ? `META_APP_ID/META_APP_SECRET are deprecated and ignored: FACEBOOK_CLIENT_ID/FACEBOOK_CLIENT_SECRET are set (${instagram})`
      : `META_APP_ID/META_APP_SECRET are deprecated: read for Facebook only; ${instead} (${instagram})`,
  ];
}

function isHttpsOrLoopback(value: string): boolean {
  const url = new URL(value);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** apps/server, whether running from src/ (tsx) or from the bundle in dist/. */
function serverPackageDir(): string {
  let dir = import.meta.dirname;
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}
