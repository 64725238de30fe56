import { startEmulator as startCore, type EmulatorOptions, type RunningEmulator } from './core/server';
import { PLATFORM_MODULES } from './platforms';

export type { RunningEmulator } from './core/server';
export { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, sandboxApp, type SandboxApp } from './core/oauth';

export type StartOptions = Omit<EmulatorOptions, 'modules'>;

/** The platform emulator with all six platforms. */
export function startEmulator(opts: StartOptions): Promise<RunningEmulator> {
  return startCore({ ...opts, modules: PLATFORM_MODULES });
}
