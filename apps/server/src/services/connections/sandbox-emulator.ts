import fs from 'node:fs';
import { startEmulator } from '@fanout/platform-emulator';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { PlatformTarget } from '../../platforms/base-adapter';
import { sandboxPlatforms } from '../../platforms/registry';

export interface Sandbox {
  /** Where adapters send sandbox requests, and where browsers open its pages. */
  target: PlatformTarget;
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
    return { target: { apiUrl: url, browserUrl: publicUrl ?? url }, close: async () => {} };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const emulator = await startEmulator({ dataDir, port, host: config.host, publicUrl });
  log.info({ emulator: emulator.publicUrl, platforms }, 'platform emulator started for the sandbox platforms');
  return { target: { apiUrl: emulator.url, browserUrl: emulator.publicUrl }, close: () => emulator.close() };
}
