import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AppStages } from './app-stages';
import type { Faults } from './faults';
import type { MediaChecks } from './media-checks';
import type { EmuResponse, Handler } from './http';
import type { OAuth } from './oauth';
import type { Published } from './published';
import type { Store } from './store';

/** What every platform module gets from the core. */
export interface EmulatorContext {
  store: Store;
  oauth: OAuth;
  faults: Faults;
  published: Published;
  /** What ffprobe reads from stored uploads, for the platforms' media rules (core/media-rules.ts). */
  media: MediaChecks;
  /** Each sandbox app's review stage and the account settings it depends on (control API: app-stage). */
  stages: AppStages;
  now(): number;
  /** An address this emulator hands out for API calls: `https://<host><path>` as served here. */
  apiUrl(host: string, path: string): string;
  /** An address for browsers (post pages, avatars): `EMULATOR_PUBLIC_URL/<host><path>`. */
  pageUrl(host: string, path: string): string;
  /** The avatar picture of an account, served by the core. */
  avatarUrl(platform: string, accountId: string): string;
  /** Where a post page's player loads a stored blob. */
  mediaUrl(blobId: string): string;
}

/**
 * The answers a platform gives for the faults the core injects before a route runs. `now` is the emulator's
 * clock (which tests move), for answers that tell a time relative to it.
 */
export interface FaultEnvelopes {
  /** With the platform's rate-limit headers and reset time. */
  rateLimit(resetAt: Date, now: number): EmuResponse;
  serverError(): EmuResponse;
  tokenExpired(now: number): EmuResponse;
  /** The platform's rejection envelope carrying `message`. */
  reject(message: string): EmuResponse;
}

export interface RouteApi {
  /**
   * Registers a route of one of the platform's hosts. `step` names it for fault injection
   * (`POST /_control/faults {platform, kind, step}`): e.g. `authorize`, `token`, `init`, `upload`,
   * `status`, `create`, `metrics`.
   */
  route(method: string, host: string, pattern: string, step: string, handler: Handler): void;
}

/** One emulated platform: its hosts and routes, written from the platform's documents. */
export interface PlatformModule {
  /** The platform key (`tiktok`, `instagram`, `youtube`, `facebook`, `x`, `reddit`). */
  platform: string;
  /** Its name as people know it (shown on authorize and post pages). */
  name: string;
  errors: FaultEnvelopes;
  register(api: RouteApi, ctx: EmulatorContext): void;
  /**
   * A WebSocket (HTTP `upgrade`) request to `/<host>/<path>` of this emulator: true when the module took the
   * socket, false to let another module (or none) have it.
   */
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer, ctx: EmulatorContext): boolean;
}
