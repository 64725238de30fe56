import path from 'node:path';
import { expect } from 'vitest';
import type { PlatformKey } from '@fanout/contracts';
import { makeClip } from '../../test/clips';
import { fileSource, sandboxAdapterOptions, type TestEmulator } from '../../test/emulator';
import { connectAccount, publishRequest, runPublishLoop } from '../../test/publish-loop';
import type { AdapterOptions } from './base-adapter';
import type { PlatformAdapter } from './platform-adapter';
import { PlatformError } from './platform-error';

/**
 * The media-rules tests' common parts: real clips made by ffmpeg into `dir`, each published through the
 * platform's adapter to the emulator, which reads the bytes with ffprobe (core/media-rules.ts).
 */
export function mediaRulesKit(emu: () => TestEmulator, dir: string) {
  /** `fps` as the clip's output rate (ffmpeg drops or repeats the 30 fps test pattern's frames to it). */
  const clip = (name: string, size: string, seconds: number, o: { video?: string[]; fps?: number } = {}) =>
    makeClip(path.join(dir, name), size, seconds, o.video, o.fps === undefined ? [] : ['-r', String(o.fps)]);

  async function publish(
    platform: PlatformKey,
    make: (o: AdapterOptions) => PlatformAdapter,
    file: string,
    options = {},
  ) {
    const adapter = make(sandboxAdapterOptions(emu(), {}, platform));
    const connected = await connectAccount(adapter);
    const account = { ...connected.account, refreshToken: connected.tokens.refreshToken };
    const request = publishRequest(account, fileSource(file), { caption: `Media rules ${Date.now()}`, options });
    return runPublishLoop(adapter, request);
  }

  return { clip, publish };
}

/** The platform's refusal of a publish that was expected to fail. */
export async function refusal(run: Promise<unknown>): Promise<PlatformError> {
  const err = await run.then(
    () => new Error('it was published'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}
