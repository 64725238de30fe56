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

    const { clientId, clientSecret } = sandboxAdapterOptions(emulator).credentials;
    const form = (body: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    });
    const appToken = (await (
      await fetch(
        `${emulator.url}/graph.facebook.com/v23.0/oauth/access_token?` +
          new URLSearchParams({ client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials' }),
      )
    ).json()) as { access_token: string };
    const pages = await fetch(`${emulator.url}/graph.facebook.com/v23.0/me/accounts`, {
      headers: { authorization: `Bearer ${appToken.access_token}` },
    });
    expect(pages.status).toBeGreaterThanOrEqual(400);

    const clientToken = (await (
      await fetch(
        `${emulator.url}/open.tiktokapis.com/v2/oauth/token/`,
        form({ client_key: clientId, client_secret: clientSecret, grant_type: 'client_credentials' }),
      )
    ).json()) as { access_token: string };
    const user = await fetch(`${emulator.url}/open.tiktokapis.com/v2/user/info/?fields=open_id`, {
      headers: { authorization: `Bearer ${clientToken.access_token}` },
    });
    expect(user.status).toBe(401);
  });

  it('says it could not confirm when the platform gives no answer', async () => {
    const options = sandboxAdapterOptions({ url: 'http://127.0.0.1:9', publicUrl: 'http://127.0.0.1:9' });
    const result = await createAdapter('x', options).checkApp(REDIRECT);
    expect(result).toMatchObject({ outcome: 'unknown', detail: expect.stringMatching(/no answer/) });
  });
});
