import { PLATFORM_KEYS, PLATFORMS, type PlatformKey } from '@fanout/contracts';
import { CREDENTIAL_PAIRS, type Config } from '../config/env';
import type { AppCheckResult } from '../platforms/app-check';
import type { PlatformTarget } from '../platforms/base-adapter';
import { createAdapter, platformUserAgent } from '../platforms/registry';
import { redirectUri } from '../services/connections/connect.service';
import { APP_VERSION } from '../version';
import { stageNote, type StageNote } from './stage-notes';

export type PlatformMode = 'live' | 'sandbox' | 'off';

export interface DoctorPlatform {
  platform: PlatformKey;
  label: string;
  mode: PlatformMode;
  /** The pair of variables the credentials are (or would be) read from. */
  variables: readonly [string, string];
  /** Read from a pair kept only for older setups (Facebook's META_APP_ID/META_APP_SECRET). */
  deprecatedVariables: boolean;
  /** The exact URI to register with the platform's app for this PUBLIC_URL. */
  redirectUri: string;
  stage?: StageNote;
  /** Live platforms only: whether the platform accepts the app's id and secret. */
  check?: AppCheckResult;
}

export interface DoctorReport {
  publicUrl: string;
  platforms: DoctorPlatform[];
  deprecations: string[];
  /** 1 when a live platform refused its credentials, else 0. */
  exitCode: number;
}

export interface DoctorOptions {
  config: Pick<
    Config,
    'publicUrl' | 'platformCredentials' | 'credentialVariables' | 'platformStages' | 'deprecations' | 'sandboxPlatforms'
  >;
  /**
   * Where live platforms' calls go instead of their real hosts: the platform emulator, for tests. Unset, the
   * checks reach the platforms themselves.
   */
  liveTarget?: PlatformTarget;
  timeoutMs?: number;
}

const SILENT = { debug() {}, warn() {} };

/** Checks the live setup without posting anything: modes, redirect URIs, credentials, stages. */
export async function runDoctor(options: DoctorOptions): Promise<DoctorReport> {
  const { config } = options;
  const platforms = await Promise.all(
    PLATFORM_KEYS.map(async (platform): Promise<DoctorPlatform> => {
      const credentials = config.platformCredentials[platform];
      const mode: PlatformMode = credentials ? 'live' : config.sandboxPlatforms ? 'sandbox' : 'off';
      const uri = redirectUri({ config }, platform);
      const entry: DoctorPlatform = {
        platform,
        label: PLATFORMS.find((p) => p.key === platform)!.label,
        mode,
        variables: config.credentialVariables[platform],
        deprecatedVariables: config.credentialVariables[platform][0] !== CREDENTIAL_PAIRS[platform][0],
        redirectUri: uri,
        stage: mode === 'live' ? stageNote(platform, config.platformStages) : undefined,
      };
      if (!credentials) return entry;
      const adapter = createAdapter(platform, {
        credentials,
        emulator: options.liveTarget,
        log: SILENT,
        userAgent: platformUserAgent(APP_VERSION),
        timeoutMs: options.timeoutMs ?? 15_000,
      });
      return { ...entry, check: await adapter.checkApp(uri) };
    }),
  );
  const refused = platforms.some((p) => p.check?.outcome === 'refused');
  return { publicUrl: config.publicUrl, platforms, deprecations: config.deprecations, exitCode: refused ? 1 : 0 };
}
