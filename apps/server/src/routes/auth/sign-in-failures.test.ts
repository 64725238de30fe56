import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser, type RegisteredUser } from '../../../test/factories';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { codeForStep, currentStep } from '../../../test/totp-codes';

const SITE = { origin: 'https://fanout.test', rpId: 'fanout.test' };

interface Event {
  type: string;
  detail: Record<string, unknown>;
  ip: string | null;
}

describe('failed sign-ins on the Activity screen', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: SITE.origin });
  });
  afterAll(() => stopTestServer(server));

  const events = async (owner: RegisteredUser): Promise<Event[]> =>
    (await api(server, owner.token).get('/api/activity/security')).body.events;
  const login = (identifier: string, password: string, extra: Record<string, unknown> = {}) =>
    api(server).post('/api/auth/login', { identifier, password, ...extra });

  it('records a wrong password on the account it was tried on, and nothing for an unknown name', async () => {
    const owner = await registerUser(server);
    const stranger = await registerUser(server);
    expect((await login(owner.user.email, 'not my password at all')).status).toBe(401);
    expect((await login('nobody-by-this-name', 'not my password at all')).status).toBe(401);

    const [latest] = await events(owner);
    expect(latest).toMatchObject({ type: 'sign_in_failed', detail: { method: 'password' }, ip: '127.0.0.1' });
    expect(JSON.stringify(latest)).not.toContain('not my password');
    expect((await events(stranger)).map((e) => e.type)).toEqual(['account_created']);
  });

  it('records a wrong authenticator code and a wrong backup code after the right password', async () => {
    const owner = await registerUser(server);
    const setup = await api(server, owner.token).post('/api/auth/2fa/setup');
    const code = codeForStep(setup.body.secret, currentStep());
    expect((await api(server, owner.token).post('/api/auth/2fa/enable', { token: code })).status).toBe(200);

    expect((await login(owner.user.username, owner.password, { twoFactorToken: '000000' })).status).toBe(401);
    const backup = { twoFactorToken: 'aaaa-bbbb', isBackupCode: true };
    expect((await login(owner.user.username, owner.password, backup)).status).toBe(401);

    const failed = (await events(owner)).filter((e) => e.type === 'sign_in_failed');
    expect(failed.map((e) => e.detail.method)).toEqual(['backup_code', 'two_factor']);
  });

  it('records a passkey assertion that does not verify, naming the passkey', async () => {
    const owner = await registerUser(server);
    const authenticator = new SoftwareAuthenticator(SITE);
    const options = await api(server, owner.token).post('/api/auth/passkey/register/options');
    const added = await api(server, owner.token).post('/api/auth/passkey/register/verify', {
      response: authenticator.register(options.body),
      deviceName: 'Work laptop',
    });
    expect(added.status).toBe(201);

    const challenge = (await api(server).post('/api/auth/passkey/authenticate/options', {})).body;
    const phished = await api(server).post('/api/auth/passkey/authenticate/verify', {
      response: authenticator.authenticate(challenge, { origin: 'https://fanout.test.evil.example' }),
      challengeKey: challenge.challengeKey,
    });
    expect(phished.status).toBe(401);

    const [latest] = await events(owner);
    expect(latest).toMatchObject({ type: 'sign_in_failed', detail: { method: 'passkey', deviceName: 'Work laptop' } });
  });
});
