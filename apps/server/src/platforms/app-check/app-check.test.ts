import { PLATFORM_KEYS } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAdapterOptions, startTestEmulator, type TestEmulator } from '../../../test/emulator';
import { createAdapter } from '../registry';

const REDIRECT = 'https://fanout.example.com/api/oauth/callback';

describe("the platforms' harmless check of an app's id and secret", () => {
  let emulator: TestEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(() => emulator.stop());

  const check = (
    platform: (typeof PLATFORM_KEYS)[number],
    credentials?: { clientId: string; clientSecret: string },
  ) => {
    const options = sandboxAdapterOptions(emulator, {}, platform);
    return createAdapter(platform, { ...options, credentials: credentials ?? options.credentials }).checkApp(REDIRECT);
  };

  it.each(PLATFORM_KEYS)('%s accepts the registered app', async (platform) => {
    expect(await check(platform)).toMatchObject({ outcome: 'accepted' });
  });

  it.each(PLATFORM_KEYS)('%s refuses a wrong secret and an unknown id', async (platform) => {
    const { clientId } = sandboxAdapterOptions(emulator, {}, platform).credentials;
    expect(await check(platform, { clientId, clientSecret: 'not-the-secret' })).toMatchObject({ outcome: 'refused' });
    expect(await check(platform, { clientId: 'unknown-app', clientSecret: 'x' })).toMatchObject({ outcome: 'refused' });
  });

  it('issues no token that acts for a person, and publishes nothing', async () => {
    for (const platform of PLATFORM_KEYS) await check(platform);
    const published = (await (await fetch(`${emulator.url}/_control/published`)).json()) as { items: unknown[] };
    expect(published.items).toEqual([]);
  });

  it('says it could not confirm when the platform gives no answer', async () => {
    const options = sandboxAdapterOptions({ url: 'http://127.0.0.1:9', publicUrl: 'http://127.0.0.1:9' });
    const result = await createAdapter('x', options).checkApp(REDIRECT);
    expect(result).toMatchObject({ outcome: 'unknown', detail: expect.stringMatching(/no answer/) });
  });
});
