import { PLATFORM_KEYS, type PlatformKey } from '@fanout/contracts';
import type { Config, PlatformCredentials } from '../config/env';
import type { AdapterLog, AdapterOptions, PlatformTarget } from './base-adapter';
import { FacebookAdapter } from './facebook/facebook.adapter';
import { InstagramAdapter } from './instagram/instagram.adapter';
import type { PlatformAdapter } from './platform-adapter';
import { RedditAdapter } from './reddit/reddit.adapter';
import { TikTokAdapter } from './tiktok/tiktok.adapter';
import { XAdapter } from './x/x.adapter';
import { YouTubeAdapter } from './youtube/youtube.adapter';

/** The only map from a platform key to its code: everything else goes through `PlatformAdapter`. */
const ADAPTERS: Record<PlatformKey, new (options: AdapterOptions) => PlatformAdapter> = {
  instagram: InstagramAdapter,
  tiktok: TikTokAdapter,
  youtube: YouTubeAdapter,
  facebook: FacebookAdapter,
  x: XAdapter,
  reddit: RedditAdapter,
};

/** The app every platform of the emulator accepts (apps/platform-emulator, core/oauth.ts). */
export const SANDBOX_CREDENTIALS: PlatformCredentials = {
  clientId: 'fanout-sandbox',
  clientSecret: 'fanout-sandbox-secret',
};

export interface PlatformAvailabilityEntry {
  platform: PlatformKey;
  available: boolean;
  sandbox: boolean;
}

export interface PlatformRegistry {
  /** The platform's adapter, or undefined when this server cannot connect it. */
  get(platform: string): PlatformAdapter | undefined;
  /** Every platform, in the spec's order, with whether it can be connected and where. */
  availability(): PlatformAvailabilityEntry[];
}

export interface RegistryInput {
  config: Pick<Config, 'platformCredentials' | 'sandboxPlatforms'> & Partial<Pick<Config, 'platformStages'>>;
  /** The emulator, when one runs; platforms without live credentials need it. */
  emulator: PlatformTarget | undefined;
  log: AdapterLog & { child(bindings: object): AdapterLog };
  /** The app's version, for the User-Agent. */
  version: string;
}

/** Which platforms need the emulator: those without live credentials, when the sandbox is on. */
export function sandboxPlatforms(config: RegistryInput['config']): PlatformKey[] {
  if (!config.sandboxPlatforms) return [];
  return PLATFORM_KEYS.filter((key) => !config.platformCredentials[key]);
}

/**
 * One adapter per platform: live credentials → the real platform; otherwise the sandbox app on the emulator
 * (SANDBOX_PLATFORMS, on by default); otherwise none.
 */
export function createPlatformRegistry(input: RegistryInput): PlatformRegistry {
  const sandboxed = new Set(sandboxPlatforms(input.config));
  // Reddit asks for `<platform>:<app id>:<version> (by /u/<user>)`; the others take any descriptive one.
  const userAgent = `web:fanout:${input.version} (by /u/fanout)`;
  const adapters = new Map<PlatformKey, PlatformAdapter>();
  for (const platform of PLATFORM_KEYS) {
    const live = input.config.platformCredentials[platform];
    if (!live && !(sandboxed.has(platform) && input.emulator)) continue;
    const options: AdapterOptions = {
      credentials: live ?? SANDBOX_CREDENTIALS,
      emulator: live ? undefined : input.emulator,
      log: input.log.child({ platform }),
      userAgent,
      stages: live ? input.config.platformStages : undefined,
    };
    adapters.set(platform, new ADAPTERS[platform](options));
  }
  return {
    get: (platform) => adapters.get(platform as PlatformKey),
    availability: () =>
      PLATFORM_KEYS.map((platform) => {
        const adapter = adapters.get(platform);
        return { platform, available: adapter !== undefined, sandbox: adapter?.sandbox ?? false };
      }),
  };
}
