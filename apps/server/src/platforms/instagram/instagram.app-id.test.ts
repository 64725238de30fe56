import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAdapterOptions, startTestEmulator, type TestEmulator } from '../../../test/emulator';
import { loadConfig } from '../../config/env';
import { connectThrough, redirectUri } from '../meta/meta.test-support';
import { createPlatformRegistry } from '../registry';
import { InstagramAdapter } from './instagram.adapter';

// Instagram API with Instagram Login takes the Instagram app's own id and secret, Facebook Login the Meta app's;
// the emulator registers a different id per product, so a mix-up fails there as it would live.
let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.stop());

const log = { debug() {}, warn() {}, child: () => log };
const registry = (env: Record<string, string>) =>
  createPlatformRegistry({
    config: loadConfig({ SANDBOX_PLATFORMS: 'true', ...env }),
    emulator: {
      apiUrl: emu.url,
      browserUrl: emu.publicUrl,
      app: (platform) => sandboxAdapterOptions(emu, {}, platform).credentials,
    },
    log,
    version: 'test',
  });
const clientId = (url: string) => new URL(url).searchParams.get('client_id');
const authorizeUrl = (r: ReturnType<typeof registry>, platform: string) =>
  r.get(platform)!.authorizeUrl({ state: 's', redirectUri: redirectUri(platform) });

describe('Instagram and Facebook apps', () => {
  it('the sandbox connects Instagram and Facebook, each with its own product id', async () => {
    const sandbox = registry({});
    expect(clientId(authorizeUrl(sandbox, 'instagram'))).not.toBe(clientId(authorizeUrl(sandbox, 'facebook')));
    const ig = await connectThrough(sandbox.get('instagram')!);
    expect(ig.profile.accountId).toBeTruthy();
    const fb = await connectThrough(sandbox.get('facebook')!);
    expect(fb.profile.accountId).toBeTruthy();
  });

  it("Instagram given the Meta app's id is refused on its authorize page", async () => {
    const facebookApp = sandboxAdapterOptions(emu, {}, 'facebook').credentials;
    const mixed = new InstagramAdapter({ ...sandboxAdapterOptions(emu, {}, 'instagram'), credentials: facebookApp });
    const page = await fetch(mixed.authorizeUrl({ state: 's', redirectUri: redirectUri('instagram') }));
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('Invalid App ID');
  });

  it('live apps: Instagram reads INSTAGRAM_CLIENT_ID, Facebook FACEBOOK_CLIENT_ID (or the old META_APP_ID)', () => {
    const live = registry({
      INSTAGRAM_CLIENT_ID: 'ig-app',
      INSTAGRAM_CLIENT_SECRET: 'ig-secret',
      FACEBOOK_CLIENT_ID: 'meta-app',
      FACEBOOK_CLIENT_SECRET: 'meta-secret',
    });
    expect(clientId(authorizeUrl(live, 'instagram'))).toBe('ig-app');
    expect(clientId(authorizeUrl(live, 'facebook'))).toBe('meta-app');
    const old = registry({ META_APP_ID: 'meta-app', META_APP_SECRET: 'meta-secret' });
    expect(clientId(authorizeUrl(old, 'facebook'))).toBe('meta-app');
    // Instagram is not live on the Meta app's id: it stays in the sandbox with its own.
    expect(old.get('instagram')!.sandbox).toBe(true);
  });
});
