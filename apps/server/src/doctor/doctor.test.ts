import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { PLATFORM_KEYS, type PlatformKey } from '@fanout/contracts';
import { sandboxApp, SANDBOX_CLIENT_ID } from '@fanout/platform-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConnect } from '../../test/connections';
import { startTestEmulator, type TestEmulator } from '../../test/emulator';
import { createProject, registerUser } from '../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../test/test-server';
import { CREDENTIAL_PAIRS, loadConfig } from '../config/env';
import { runDoctor } from './doctor';
import { formatDoctorReport } from './doctor-report';

const PUBLIC_URL = 'https://fanout.example.com';

/** Every platform live with the emulator's app; Facebook through the deprecated shared Meta pair. */
function liveEnv(wrong: PlatformKey[] = []): Record<string, string> {
  const env: Record<string, string> = { PUBLIC_URL, TIKTOK_AUDITED: 'false', YOUTUBE_API_VERIFIED: 'true' };
  for (const platform of PLATFORM_KEYS) {
    const [id, secret] = platform === 'facebook' ? ['META_APP_ID', 'META_APP_SECRET'] : CREDENTIAL_PAIRS[platform];
    const app = sandboxApp(platform);
    env[id] = app.clientId;
    env[secret] = wrong.includes(platform) ? 'not-the-secret' : app.clientSecret;
  }
  return env;
}

describe('npm run doctor', () => {
  let emulator: TestEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator();
  });
  afterAll(() => emulator.stop());

  const doctor = async (env: Record<string, string>) => {
    const report = await runDoctor({
      config: loadConfig(env),
      liveTarget: { apiUrl: emulator.url, browserUrl: emulator.publicUrl },
    });
    return { report, text: formatDoctorReport(report) };
  };

  it('says which platforms are live, what to register, the stages, and that every app is accepted', async () => {
    const { report, text } = await doctor(liveEnv());
    expect(report.exitCode).toBe(0);
    expect(text).toContain(`PUBLIC_URL ${PUBLIC_URL} (nothing is posted)`);
    expect(text).toContain('Instagram: live (INSTAGRAM_CLIENT_ID, INSTAGRAM_CLIENT_SECRET)');
    expect(text).toContain('Facebook: live (META_APP_ID, META_APP_SECRET, deprecated names)');
    expect(text).toMatch(/Deprecated settings:\n {2}META_APP_ID\/META_APP_SECRET are deprecated/);
    for (const platform of PLATFORM_KEYS)
      expect(text).toContain(`redirect URI to register: ${PUBLIC_URL}/api/oauth/${platform}/callback\n`);
    expect(text.match(/credentials accepted: /g)).toHaveLength(6);
    expect(text).toContain('stage: TIKTOK_AUDITED=false: until the app passes the Direct Post audit');
    expect(text).toContain('stage: YOUTUBE_API_VERIFIED=true: ');
    expect(text).toContain('Every live platform accepted its credentials.');
    expect(text).toContain('docs/going-live.md');
  });

  it.each(PLATFORM_KEYS)('exits 1 naming %s when it refuses its credentials', async (platform) => {
    const { report, text } = await doctor(liveEnv([platform]));
    expect(report.exitCode).toBe(1);
    const refused = report.platforms.filter((p) => p.check?.outcome === 'refused');
    expect(refused.map((p) => p.platform)).toEqual([platform]);
    expect(text).toContain(`Refused credentials: ${refused[0]!.label} (check the id and secret of each app)`);
    expect(text.match(/credentials REFUSED: /g)).toHaveLength(1);
  });

  it('checks nothing for sandbox platforms, and says how to take each live', async () => {
    const { report, text } = await doctor({ PUBLIC_URL, X_CLIENT_ID: SANDBOX_CLIENT_ID, X_CLIENT_SECRET: 'wrong' });
    expect(report.platforms.map((p) => [p.platform, p.mode, p.check?.outcome])).toEqual([
      ['instagram', 'sandbox', undefined],
      ['tiktok', 'sandbox', undefined],
      ['youtube', 'sandbox', undefined],
      ['facebook', 'sandbox', undefined],
      ['x', 'live', 'refused'],
      ['reddit', 'sandbox', undefined],
    ]);
    expect(text).toContain('TikTok: sandbox (set TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET to go live)');
    expect(text).not.toContain('stage:');
    const off = await doctor({ PUBLIC_URL, SANDBOX_PLATFORMS: 'false' });
    expect(off.text).toContain('Reddit: not offered (no credentials and SANDBOX_PLATFORMS=false;');
    expect(off.report.exitCode).toBe(0);
  });

  it('runs as an npm script on the environment, and stops on a half-set pair', async () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const run = (env: Record<string, string>) =>
      promisify(execFile)('npm', ['run', '--silent', 'doctor'], {
        cwd: root,
        env: { PATH: process.env.PATH!, ...env },
      });
    const { stdout } = await run({ PUBLIC_URL });
    expect(stdout).toContain('YouTube: sandbox (set YOUTUBE_CLIENT_ID and YOUTUBE_CLIENT_SECRET to go live)');
    await expect(run({ PUBLIC_URL, TIKTOK_CLIENT_KEY: 'k' })).rejects.toMatchObject({
      code: 78,
      stderr: expect.stringMatching(/TIKTOK_CLIENT_SECRET: must be set together with TIKTOK_CLIENT_KEY/),
    });
  });
});

describe("the doctor's redirect URIs", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: 'http://127.0.0.1:9/fanout' });
  });
  afterAll(() => stopTestServer(server));

  it('are the ones the server sends each platform when an account connects', async () => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    const report = await runDoctor({ config: server.ctx.config });
    for (const entry of report.platforms) {
      const authorize = new URL(await startConnect(server, token, entry.platform, project.id));
      expect(entry.redirectUri).toBe(authorize.searchParams.get('redirect_uri'));
    }
    expect(report.platforms[0]!.redirectUri).toBe('http://127.0.0.1:9/fanout/api/oauth/instagram/callback');
  });
});
