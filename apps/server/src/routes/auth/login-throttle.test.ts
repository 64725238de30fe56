import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser, type RegisteredUser } from '../../../test/factories';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { codeForStep, currentStep } from '../../../test/totp-codes';

const SITE = { origin: 'https://fanout.test', rpId: 'fanout.test' };
const PER_ACCOUNT = 3;
const PER_ADDRESS = 8;
const LIMITED = { error: 'Too many attempts. Try again later.', code: 'rate_limited' };

describe('failed sign-in limits per account and per address', () => {
  let server: TestServer;
  let addresses = 0;
  beforeAll(async () => {
    server = await startTestServer({
      PUBLIC_URL: SITE.origin,
      TRUST_PROXY: 'true',
      AUTH_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT),
      AUTH_MAX_FAILURES_PER_IP: String(PER_ADDRESS),
    });
  });
  afterAll(() => stopTestServer(server));

  /** A client address of its own (the server trusts X-Forwarded-For here, as behind a proxy). */
  const newAddress = () => `10.${(addresses >> 8) & 255}.${addresses++ & 255}.7`;

  async function post(path: string, body: unknown, ip = newAddress()) {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
  }
  const login = (identifier: string, password: string, ip?: string, extra: object = {}) =>
    post('/api/auth/login', { identifier, password, ...extra }, ip);

  function expectLimited(res: { status: number; body: unknown; headers: Headers }) {
    expect(res.status).toBe(429);
    expect(res.body).toEqual(LIMITED);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  }

  it('locks an account after too many wrong passwords, counted across addresses, even for the right password from an address it never signed in from', async () => {
    const owner = await registerUser(server);
    for (let i = 0; i < PER_ACCOUNT; i++)
      expect((await login(owner.user.email, `wrong password ${i}`)).status).toBe(401);
    expectLimited(await login(owner.user.email, owner.password));
    // E-mail address or username: the same account, the same count.
    expectLimited(await login(owner.user.username.toUpperCase(), owner.password));
  });

  it('answers an unknown account exactly like a known one', async () => {
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await login('ghost@example.com', `guess ${i}`)).status).toBe(401);
    expectLimited(await login('ghost@example.com', 'another guess'));
  });

  it('opens again once the failures have aged out of the window', async () => {
    const owner = await registerUser(server);
    for (let i = 0; i < PER_ACCOUNT; i++) await login(owner.user.email, `wrong password ${i}`);
    expectLimited(await login(owner.user.email, owner.password));
    await server.ctx.db
      .updateTable('auth_failures')
      .set({ at: new Date(Date.now() - 16 * 60_000) })
      .where('key', '=', `login:user:${owner.user.id}`)
      .execute();
    expect((await login(owner.user.email, owner.password)).status).toBe(200);
  });

  it('starts counting afresh after a successful sign-in', async () => {
    const owner = await registerUser(server);
    for (let i = 0; i < PER_ACCOUNT - 1; i++) await login(owner.user.email, `wrong password ${i}`);
    expect((await login(owner.user.email, owner.password)).status).toBe(200);
    for (let i = 0; i < PER_ACCOUNT - 1; i++) await login(owner.user.email, `wrong password ${i}`);
    expect((await login(owner.user.email, owner.password)).status).toBe(200);
  });

  describe('from an address the account signed in from before', () => {
    /** A new account that has signed in once from an address of its own, which is returned. */
    async function ownerAtHome() {
      const owner = await registerUser(server);
      const home = newAddress();
      expect((await login(owner.user.email, owner.password, home)).status).toBe(200);
      return { owner, home };
    }

    it('lets the owner in with the right password while wrong ones from elsewhere lock the account', async () => {
      const { owner, home } = await ownerAtHome();
      const attacker = newAddress();
      for (let i = 0; i < PER_ACCOUNT; i++)
        expect((await login(owner.user.email, `wrong password ${i}`, attacker)).status).toBe(401);
      // The address that tried, and any other the account never signed in from, are locked out...
      expectLimited(await login(owner.user.email, owner.password, attacker));
      expectLimited(await login(owner.user.email, owner.password));
      // ...the owner at home is not, and the lock stays for the others after the owner is in.
      const res = await login(owner.user.email, owner.password, home);
      expect(res.status).toBe(200);
      expect(res.body.token).toEqual(expect.any(String));
      expectLimited(await login(owner.user.email, owner.password, attacker));
    });

    it('stops counting as the owner’s 90 days after the last sign-in from it', async () => {
      const { owner, home } = await ownerAtHome();
      await server.ctx.db
        .updateTable('known_sign_in_addresses')
        .set({ last_at: new Date(Date.now() - 91 * 86_400_000) })
        .where('user_id', '=', owner.user.id)
        .execute();
      for (let i = 0; i < PER_ACCOUNT; i++)
        expect((await login(owner.user.email, `wrong password ${i}`, newAddress())).status).toBe(401);
      expectLimited(await login(owner.user.email, owner.password, home));
    });

    it('still counts wrong passwords typed there, up to the same limit', async () => {
      const { owner, home } = await ownerAtHome();
      for (let i = 0; i < PER_ACCOUNT - 1; i++)
        expect((await login(owner.user.email, `wrong password ${i}`, newAddress())).status).toBe(401);
      expect((await login(owner.user.email, 'wrong at home', home)).status).toBe(401);
      // That wrong password counted against the account as well: it is now locked elsewhere.
      expectLimited(await login(owner.user.email, owner.password));
      for (let i = 1; i < PER_ACCOUNT; i++)
        expect((await login(owner.user.email, `wrong at home ${i}`, home)).status).toBe(401);
      expectLimited(await login(owner.user.email, owner.password, home));
    });

    it('still asks for the second factor there', async () => {
      const owner = await registerUser(server);
      const setup = await api(server, owner.token).post('/api/auth/2fa/setup');
      const step = currentStep();
      const enabled = await api(server, owner.token).post('/api/auth/2fa/enable', {
        token: codeForStep(setup.body.secret, step),
      });
      const [firstBackup, secondBackup] = enabled.body.backupCodes as string[];
      const home = newAddress();
      const backup = (code: string | undefined) => ({ twoFactorToken: code, isBackupCode: true });
      expect((await login(owner.user.email, owner.password, home, backup(firstBackup))).status).toBe(200);
      const attacker = newAddress();
      for (let i = 0; i < PER_ACCOUNT; i++)
        expect((await login(owner.user.email, `wrong password ${i}`, attacker)).status).toBe(401);

      const asked = await login(owner.user.email, owner.password, home);
      expect(asked.status).toBe(200);
      expect(asked.body).toEqual({ requires2FA: true, userId: owner.user.id });
      const signedIn = await login(owner.user.email, owner.password, home, backup(secondBackup));
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.token).toEqual(expect.any(String));
    });
  });

  it('counts wrong two-factor codes too', async () => {
    const owner = await registerUser(server);
    const setup = await api(server, owner.token).post('/api/auth/2fa/setup');
    const step = currentStep();
    await api(server, owner.token).post('/api/auth/2fa/enable', { token: codeForStep(setup.body.secret, step) });
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect((await login(owner.user.email, owner.password, undefined, { twoFactorToken: '000000' })).status).toBe(401);
    }
    expectLimited(
      await login(owner.user.email, owner.password, undefined, {
        twoFactorToken: codeForStep(setup.body.secret, step + 1),
      }),
    );
  });

  it('limits one address trying many accounts, and only that address', async () => {
    const owner = await registerUser(server);
    const ip = newAddress();
    for (let i = 0; i < PER_ADDRESS; i++)
      expect((await login(`spray-${i}@example.com`, 'Summer2024!!', ip)).status).toBe(401);
    expectLimited(await login(owner.user.email, owner.password, ip));
    expect((await login(owner.user.email, owner.password)).status).toBe(200);
  });

  it('limits wrong codes on the signed-in two-factor screens', async () => {
    const owner = await registerUser(server);
    const setup = await api(server, owner.token).post('/api/auth/2fa/setup');
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect((await api(server, owner.token).post('/api/auth/2fa/enable', { token: '000000' })).status).toBe(400);
    }
    const res = await api(server, owner.token).post('/api/auth/2fa/enable', {
      token: codeForStep(setup.body.secret, currentStep()),
    });
    expectLimited(res);
  });

  describe('passkey sign-in', () => {
    async function passkeyOf(owner: RegisteredUser) {
      const authenticator = new SoftwareAuthenticator(SITE);
      const options = await api(server, owner.token).post('/api/auth/passkey/register/options');
      const res = await api(server, owner.token).post('/api/auth/passkey/register/verify', {
        response: authenticator.register(options.body),
      });
      expect(res.status).toBe(201);
      return authenticator;
    }
    async function passkeySignIn(authenticator: SoftwareAuthenticator, ip?: string, origin?: string) {
      const options = await post('/api/auth/passkey/authenticate/options', {}, ip);
      return post(
        '/api/auth/passkey/authenticate/verify',
        {
          response: authenticator.authenticate(options.body as { challenge: string }, { origin }),
          challengeKey: options.body.challengeKey,
        },
        ip,
      );
    }

    it('stays open while the password is locked', async () => {
      const owner = await registerUser(server);
      const authenticator = await passkeyOf(owner);
      for (let i = 0; i < PER_ACCOUNT; i++) await login(owner.user.email, `wrong password ${i}`);
      expectLimited(await login(owner.user.email, owner.password));
      expect((await passkeySignIn(authenticator)).status).toBe(200);
    });

    it('locks a passkey’s account after failed assertions from several addresses', async () => {
      const owner = await registerUser(server);
      const authenticator = await passkeyOf(owner);
      for (let i = 0; i < PER_ACCOUNT; i++) {
        expect((await passkeySignIn(authenticator, undefined, 'https://phish.example')).status).toBe(401);
      }
      expectLimited(await passkeySignIn(authenticator));
    });

    it('limits one address presenting unknown passkeys', async () => {
      const owner = await registerUser(server);
      const authenticator = await passkeyOf(owner);
      const ip = newAddress();
      for (let i = 0; i < PER_ADDRESS; i++) {
        expect((await passkeySignIn(new SoftwareAuthenticator(SITE), ip)).status).toBe(401);
      }
      expectLimited(await passkeySignIn(authenticator, ip));
      expect((await passkeySignIn(authenticator)).status).toBe(200);
    });
  });
});
