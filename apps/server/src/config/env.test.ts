import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('configuration', () => {
  it('works with nothing set: port 3000, ./data, embedded database, 10 GiB per user', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.dbDir).toBe(path.resolve('data/db'));
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.storageQuotaBytes).toBe(10 * 1024 ** 3);
    expect(config.oidc).toBeUndefined();
  });

  it('stops on a bad value, naming the setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ RENDER_PRESET: 'placebo' })).toThrow(/RENDER_PRESET/);
  });

  it('trusts proxies only as far as told: true means this machine and private networks', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('lets imports from a URL reach no private address unless told: all of them, or the ones listed', () => {
    expect(loadConfig({}).imports).toEqual({ allowPrivate: false, connectTimeoutMs: 15_000, timeoutMs: 3_600_000 });
    expect(loadConfig({ IMPORT_ALLOW_PRIVATE: 'true' }).imports.allowPrivate).toBe(true);
    expect(loadConfig({ IMPORT_ALLOW_PRIVATE: '192.168.1.20, fd00::/8' }).imports.allowPrivate).toEqual([
      '192.168.1.20',
      'fd00::/8',
    ]);
    for (const bad of ['everyone', '10.0.0.0/33', '10.0.0.0/8/1', 'fd00::/129']) {
      expect(() => loadConfig({ IMPORT_ALLOW_PRIVATE: bad }), bad).toThrow(/IMPORT_ALLOW_PRIVATE/);
    }
  });

  it('takes each platform app as a pair, and stops on half a pair naming the missing variable', () => {
    const config = loadConfig({
      X_CLIENT_ID: 'x-id',
      X_CLIENT_SECRET: 'x-secret',
      INSTAGRAM_CLIENT_ID: 'ig',
      INSTAGRAM_CLIENT_SECRET: 'ig-secret',
      FACEBOOK_CLIENT_ID: 'fb',
      FACEBOOK_CLIENT_SECRET: 'fb-secret',
    });
    expect(config.platformCredentials).toEqual({
      x: { clientId: 'x-id', clientSecret: 'x-secret' },
      instagram: { clientId: 'ig', clientSecret: 'ig-secret' },
      facebook: { clientId: 'fb', clientSecret: 'fb-secret' },
    });
    expect(config.deprecations).toEqual([]);
    expect(loadConfig({}).platformCredentials).toEqual({});
    expect(() => loadConfig({ TIKTOK_CLIENT_KEY: 'k' })).toThrow(
      /TIKTOK_CLIENT_SECRET: must be set together with TIKTOK_CLIENT_KEY/,
    );
    expect(() => loadConfig({ YOUTUBE_CLIENT_SECRET: 's' })).toThrow(/YOUTUBE_CLIENT_ID: must be set together/);
    expect(() => loadConfig({ REDDIT_CLIENT_ID: 'id', REDDIT_CLIENT_SECRET: '  ' })).toThrow(/REDDIT_CLIENT_SECRET/);
  });

  it('still reads the old shared Meta pair, for Facebook only, with a deprecation line', () => {
    const old = loadConfig({ META_APP_ID: 'm', META_APP_SECRET: 's' });
    expect(old.platformCredentials).toEqual({ facebook: { clientId: 'm', clientSecret: 's' } });
    expect(old.credentialVariables.facebook).toEqual(['META_APP_ID', 'META_APP_SECRET']);
    expect(old.deprecations).toEqual([
      expect.stringMatching(/META_APP_ID.*deprecated.*FACEBOOK_CLIENT_ID.*INSTAGRAM_/),
    ]);
    const both = loadConfig({
      META_APP_ID: 'm',
      META_APP_SECRET: 's',
      FACEBOOK_CLIENT_ID: 'f',
      FACEBOOK_CLIENT_SECRET: 'x',
    });
    expect(both.platformCredentials.facebook).toEqual({ clientId: 'f', clientSecret: 'x' });
    expect(both.deprecations).toEqual([expect.stringMatching(/ignored/)]);
    expect(() => loadConfig({ META_APP_ID: 'm' })).toThrow(/META_APP_SECRET: must be set together with META_APP_ID/);
  });

  it("reads the live apps' stages, not passed unless said so", () => {
    expect(loadConfig({}).platformStages).toEqual({ tiktokAudited: false, youtubeApiVerified: false });
    expect(loadConfig({ TIKTOK_AUDITED: 'true', YOUTUBE_API_VERIFIED: 'yes' }).platformStages).toEqual({
      tiktokAudited: true,
      youtubeApiVerified: true,
    });
    expect(() => loadConfig({ TIKTOK_AUDITED: 'soon' })).toThrow(/TIKTOK_AUDITED/);
  });

  it('runs platforms without credentials in the sandbox on port 3001 unless told otherwise', () => {
    const defaults = loadConfig({ DATA_DIR: '/srv/fanout' });
    expect(defaults.sandboxPlatforms).toBe(true);
    expect(defaults.emulator).toEqual({
      url: undefined,
      port: 3001,
      publicUrl: 'http://localhost:3001',
      dataDir: path.resolve('/srv/fanout/emulator'),
    });
    expect(loadConfig({ SANDBOX_PLATFORMS: 'false' }).sandboxPlatforms).toBe(false);
    expect(() => loadConfig({ SANDBOX_PLATFORMS: 'maybe' })).toThrow(/SANDBOX_PLATFORMS/);
    expect(loadConfig({ EMULATOR_PORT: '0' }).emulator.publicUrl).toBeUndefined();
    const elsewhere = loadConfig({ EMULATOR_URL: 'http://emulator:3001/' });
    expect(elsewhere.emulator).toMatchObject({ url: 'http://emulator:3001', publicUrl: 'http://emulator:3001' });
    expect(
      loadConfig({ EMULATOR_URL: 'http://emulator:3001', EMULATOR_PUBLIC_URL: 'https://sandbox.example.com' }).emulator
        .publicUrl,
    ).toBe('https://sandbox.example.com');
    expect(() => loadConfig({ EMULATOR_PORT: '70000' })).toThrow(/EMULATOR_PORT/);
  });

  it('sends invitation mail only through an smtp:// or smtps:// SMTP_URL', () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtps://me:secret@mail.example.com:465' }).mail).toEqual({
      url: 'smtps://me:secret@mail.example.com:465',
      from: 'Fanout <no-reply@localhost>',
    });
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', SMTP_FROM: 'Team <t@example.com>' }).mail?.from).toBe(
      'Team <t@example.com>',
    );
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.com' })).toThrow(/SMTP_URL/);
  });
});
