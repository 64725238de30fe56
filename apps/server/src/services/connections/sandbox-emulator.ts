import fs from 'node:fs';
import { sandboxApp, startEmulator } from '@fanout/platform-emulator';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import { resolveBinaries } from '../../media/binaries';
import { sandboxPlatforms, type SandboxTarget } from '../../platforms/registry';

export interface Sandbox {
  /** Where adapters send sandbox requests, where browsers open its pages, and the apps it registers. */
  target: SandboxTarget;
  close(): Promise<void>;
}

/**
 * The platform emulator for platforms in sandbox mode: the one at EMULATOR_URL, or one started in this
 * process on EMULATOR_PORT with its state under DATA_DIR/emulator. Undefined when no platform needs it.
 */
export async function startSandbox(config: Config, log: FastifyBaseLogger): Promise<Sandbox | undefined> {
  const platforms = sandboxPlatforms(config);
  if (!platforms.length) return undefined;
  const { url, port, publicUrl, dataDir } = config.emulator;
  if (url) {
    log.info({ emulator: url, platforms }, 'sandbox platforms use the emulator at EMULATOR_URL');
    return { target: { apiUrl: url, browserUrl: publicUrl ?? url, app: sandboxApp }, close: async () => {} };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  // The emulated platforms read what they receive with the same ffprobe Fanout uses (FFPROBE_PATH, PATH or npm).
  const { ffprobe } = resolveBinaries(config);
  const emulator = await startEmulator({ dataDir, port, host: config.host, publicUrl, ffprobePath: ffprobe });
  log.info({ emulator: emulator.publicUrl, platforms }, 'platform emulator started for the sandbox platforms');
  return {
    target: { apiUrl: emulator.url, browserUrl: emulator.publicUrl, app: sandboxApp },
    close: () => emulator.close(),
  };
}
