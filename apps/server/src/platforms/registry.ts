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

/** The emulator, as sandbox platforms reach it, and the apps registered there. */
export interface SandboxTarget extends PlatformTarget {
  /**
   * The app the emulator registers for a platform (its core/oauth.ts): one id per product, as the platforms issue
   * them (Instagram Login takes the Instagram app's id, not the Meta app id of Facebook Login).
   */
  app(platform: PlatformKey): PlatformCredentials;
}

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
  emulator: SandboxTarget | undefined;
  log: AdapterLog & { child(bindings: object): AdapterLog };
  /** The app's version, for the User-Agent. */
  version: string;
}

/** Reddit asks for `<platform>:<app id>:<version> (by /u/<user>)`; the others take any descriptive one. */
export const platformUserAgent = (version: string) => `web:fanout:${version} (by /u/fanout)`;

/** One platform's adapter for an app and an address: the registry's, and `npm run doctor`'s. */
export function createAdapter(platform: PlatformKey, options: AdapterOptions): PlatformAdapter {
  return new ADAPTERS[platform](options);
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
  const userAgent = platformUserAgent(input.version);
  const adapters = new Map<PlatformKey, PlatformAdapter>();
  for (const platform of PLATFORM_KEYS) {
    const live = input.config.platformCredentials[platform];
    const sandbox = sandboxed.has(platform) ? input.emulator : undefined;
    if (!live && !sandbox) continue;
    const options: AdapterOptions = {
      credentials: live ?? sandbox!.app(platform),
      emulator: live ? undefined : input.emulator,
      log: input.log.child({ platform }),
      userAgent,
      stages: live ? input.config.platformStages : undefined,
    };
    adapters.set(platform, createAdapter(platform, options));
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
