import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser } from '../../../test/factories';
import { startOidcTestProvider, type OidcTestProvider } from '../../../test/oidc-test-provider';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { codeForStep, currentStep } from '../../../test/totp-codes';

const PUBLIC_URL = 'https://fanout.test';
const CLIENT_ID = 'fanout-test-client';

describe('sign-in with the identity provider', () => {
  let provider: OidcTestProvider;
  let server: TestServer;
  let subjects = 0;

  beforeAll(async () => {
    provider = await startOidcTestProvider({ clientId: CLIENT_ID, redirectUri: `${PUBLIC_URL}/login/oidc-callback` });
    server = await startTestServer({ PUBLIC_URL, OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT_ID });
  });
  afterAll(async () => {
    await stopTestServer(server);
    await provider?.close();
  });

  function person(overrides: { email?: string; email_verified?: boolean; name?: string } = {}) {
    const subject = `subject-${process.pid}-${subjects++}`;
    const account = {
      email: `${subject}@mail.example`,
      email_verified: true,
      name: 'Ada Lovelace',
      ...overrides,
    };
    provider.accounts.set(subject, account);
    return { subject, ...account };
  }

  async function start() {
    const res = await api(server).post('/api/auth/google/start');
    expect(res.status).toBe(200);
    return res.body as {
      authorizationUrl: string;
      state: string;
      nonce: string;
      redirectUri: string;
      clientId: string;
    };
  }

  /** The whole round trip: our start, the provider's sign-in, our sign-in call with what came back. */
  async function signInAs(subject: string) {
    const started = await start();
    const answer = await provider.signIn(started.authorizationUrl, subject);
    expect(answer.state).toBe(started.state);
    return api(server).post('/api/auth/google', { credential: answer.idToken, state: answer.state });
  }

  /** A token as the provider would sign it for this client and attempt; `claims` changes what it says. */
  async function craftedToken(claims: Record<string, unknown> = {}, sign = provider.sign) {
    const started = await start();
    const who = person();
    const now = Math.floor(Date.now() / 1000);
    const credential = await sign({
      iss: provider.issuer,
      aud: CLIENT_ID,
      sub: who.subject,
      email: who.email,
      email_verified: true,
      iat: now,
      exp: now + 600,
      nonce: started.nonce,
      ...claims,
    });
    return { credential, state: started.state };
  }

  it('lists the provider in the public config and offers passkeys', async () => {
    const res = await api(server).get('/api/config');
    expect(res.body.signIn).toEqual({ passkeys: true, identityProviders: [{ id: 'google', name: 'Google' }] });
  });

  it('starts with the provider’s own authorization page, a state and a nonce', async () => {
    const started = await start();
    const url = new URL(started.authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('response_type')).toBe('id_token');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/login/oidc-callback`);
    expect(url.searchParams.get('state')).toBe(started.state);
    expect(url.searchParams.get('nonce')).toBe(started.nonce);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(started).toMatchObject({ redirectUri: `${PUBLIC_URL}/login/oidc-callback`, clientId: CLIENT_ID });
  });

  it('creates an account from a real, provider-signed ID token and signs in to it again later', async () => {
    const who = person({ name: 'Grace Hopper' });
    const res = await signInAs(who.subject);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: who.email, fullName: 'Grace Hopper' });
    expect(res.body.user.username).toMatch(/^subject-/);
    const me = await api(server, res.body.token).get('/api/auth/me');
    expect(me.body.user.id).toBe(res.body.user.id);
    const projects = await api(server, res.body.token).get('/api/projects');
    expect(projects.body).toHaveLength(1);

    // The provider's subject names the account, even after the e-mail address changes there.
    provider.accounts.set(who.subject, { ...provider.accounts.get(who.subject)!, email: `new-${who.email}` });
    const again = await signInAs(who.subject);
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(res.body.user.id);
    const events = (await api(server, again.body.token).get('/api/activity/security')).body.events;
    expect(events.map((e: { type: string; detail: object }) => [e.type, e.detail])).toEqual([
      ['sign_in', { method: 'identity_provider', provider: 'Google' }],
      ['sign_in', { method: 'identity_provider', provider: 'Google' }],
      ['account_created', { provider: 'Google' }],
    ]);

    // No password: the password sign-in cannot be used for it.
    const login = await api(server).post('/api/auth/login', { identifier: who.email, password: 'anything at all' });
    expect(login.status).toBe(401);
  });

  it('links an existing account by its verified e-mail address', async () => {
    const existing = await registerUser(server);
    const who = person({ email: existing.user.email.toUpperCase() });
    const res = await signInAs(who.subject);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(existing.user.id);
    const events = (await api(server, existing.token).get('/api/activity/security')).body.events;
    expect(events[0]).toMatchObject({ type: 'sign_in', detail: { method: 'identity_provider', provider: 'Google' } });
    expect(events[1]).toMatchObject({ type: 'identity_linked', detail: { provider: 'Google' } });
  });

  it('refuses an unverified e-mail address, and creates or links nothing', async () => {
    const existing = await registerUser(server);
    const who = person({ email: existing.user.email, email_verified: false });
    const res = await signInAs(who.subject);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: 'Google login failed: your Google e-mail address is not verified',
      code: 'identity_provider_email_unverified',
    });
    const identities = await server.ctx.db
      .selectFrom('identities')
      .select('id')
      .where('subject', '=', who.subject)
      .execute();
    expect(identities).toEqual([]);
  });

  it('uses a state once: the same token and state a second time are refused', async () => {
    const who = person();
    const started = await start();
    const answer = await provider.signIn(started.authorizationUrl, who.subject);
    const body = { credential: answer.idToken, state: answer.state };
    expect((await api(server).post('/api/auth/google', body)).status).toBe(200);
    const replay = await api(server).post('/api/auth/google', body);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('identity_provider_state_invalid');
  });

  it('accepts a token signed with the provider’s published key, as a control for the refusals below', async () => {
    const res = await api(server).post('/api/auth/google', await craftedToken());
    expect(res.status).toBe(200);
  });

  it.each([
    ['another client as audience', { aud: 'someone-else' }],
    ['another issuer', { iss: 'https://accounts.evil.example' }],
    ['an expired token', { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }],
    ['a nonce of another attempt', { nonce: 'not-the-nonce-we-issued' }],
  ])('refuses %s', async (_what, claims) => {
    const res = await api(server).post('/api/auth/google', await craftedToken(claims));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: expect.stringMatching(/^Google login failed/),
      code: 'identity_provider_token_invalid',
    });
  });

  it('refuses a token signed with a key the provider does not publish', async () => {
    const res = await api(server).post('/api/auth/google', await craftedToken({}, provider.signWithForeignKey));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('identity_provider_token_invalid');
  });

  it('refuses a body that only names an account, as the old client sent it', async () => {
    const res = await api(server).post('/api/auth/google', {
      email: 'victim@example.com',
      fullName: 'Victim',
      googleId: '1234567890',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    const garbage = await api(server).post('/api/auth/google', {
      credential: 'not.a.jwt',
      state: (await start()).state,
    });
    expect(garbage.status).toBe(401);
  });

  it('lets an account without a password set one right after signing in, and not later', async () => {
    const who = person();
    const res = await signInAs(who.subject);
    const token = res.body.token as string;
    const set = await api(server, token).post('/api/auth/password', { newPassword: 'a brand new passphrase' });
    expect(set.status).toBe(200);
    const login = await api(server).post('/api/auth/login', {
      identifier: who.email,
      password: 'a brand new passphrase',
    });
    expect(login.status).toBe(200);

    const other = person();
    const later = await signInAs(other.subject);
    await server.ctx.db
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - 3600_000) })
      .where('user_id', '=', later.body.user.id)
      .execute();
    const stale = await api(server, later.body.token).post('/api/auth/password', {
      newPassword: 'a brand new passphrase',
    });
    expect(stale.status).toBe(403);
    expect(stale.body.code).toBe('reauthentication_required');
  });

  describe('to an account with two-factor authentication on', () => {
    const EXPIRED = {
      error: 'Google login failed: the sign-in expired or was already used. Try again',
      code: 'identity_provider_state_invalid',
    };

    /** Turns two-factor on with the code of the current step; that step is then used up. */
    async function turnOnTwoFactor(token: string) {
      const setup = await api(server, token).post('/api/auth/2fa/setup');
      expect(setup.status).toBe(200);
      const secret: string = setup.body.secret;
      const step = currentStep();
      const enableCode = codeForStep(secret, step);
      const enabled = await api(server, token).post('/api/auth/2fa/enable', { token: enableCode });
      expect(enabled.status).toBe(200);
      return { secret, step, enableCode, backupCodes: enabled.body.backupCodes as string[] };
    }

    /** An account with a password, linked to a person at the provider (by e-mail, before two-factor was on). */
    async function linkedAccountWithTwoFactor() {
      const account = await registerUser(server);
      const who = person({ email: account.user.email });
      const linked = await signInAs(who.subject);
      expect(linked.status).toBe(200);
      expect(linked.body.user.id).toBe(account.user.id);
      return { ...account, who, ...(await turnOnTwoFactor(account.token)) };
    }

    /** A provider sign-in that must stop at the second factor: no session, only a ticket. */
    async function heldSignIn(subject: string): Promise<string> {
      const res = await signInAs(subject);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ requires2FA: true, challengeKey: expect.any(String) });
      return res.body.challengeKey;
    }

    const secondFactor = (body: { challengeKey: string; twoFactorToken: string; isBackupCode?: boolean }) =>
      api(server).post('/api/auth/google/2fa', body);

    const sessionCount = async (userId: number) =>
      (await server.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;

    const failureCount = async (userId: number) =>
      (await server.ctx.db.selectFrom('auth_failures').select('id').where('key', '=', `login:user:${userId}`).execute())
        .length;

    it('asks for the code instead of signing in; a wrong code is refused and counted, then the right one signs in', async () => {
      const owner = await linkedAccountWithTwoFactor();
      const sessions = await sessionCount(owner.user.id);
      const challengeKey = await heldSignIn(owner.who.subject);
      expect(await sessionCount(owner.user.id)).toBe(sessions);

      const wrong = await secondFactor({ challengeKey, twoFactorToken: '000000' });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ error: expect.stringContaining('not valid'), code: 'invalid_two_factor_code' });
      expect(await failureCount(owner.user.id)).toBe(1);
      expect(await sessionCount(owner.user.id)).toBe(sessions);
      const afterWrong = (await api(server, owner.token).get('/api/activity/security')).body.events;
      expect(afterWrong[0]).toMatchObject({
        type: 'sign_in_failed',
        detail: { method: 'two_factor', provider: 'Google' },
      });

      // The same ticket, with the right code.
      const res = await secondFactor({ challengeKey, twoFactorToken: codeForStep(owner.secret, owner.step + 1) });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ id: owner.user.id, email: owner.user.email });
      const me = await api(server, res.body.token).get('/api/auth/me');
      expect(me.status).toBe(200);
      expect(me.body.user.id).toBe(owner.user.id);
      expect(await failureCount(owner.user.id)).toBe(0);

      const events = (await api(server, res.body.token).get('/api/activity/security')).body.events as {
        type: string;
        detail: object;
      }[];
      expect(events[0]).toEqual(
        expect.objectContaining({ type: 'sign_in', detail: { method: 'identity_provider', provider: 'Google' } }),
      );
      expect(events.filter((e) => e.type === 'identity_linked')).toHaveLength(1);

      // A ticket finishes one sign-in.
      const reused = await secondFactor({ challengeKey, twoFactorToken: owner.backupCodes[0]!, isBackupCode: true });
      expect(reused.status).toBe(401);
      expect(reused.body).toEqual(EXPIRED);
    });

    it('refuses a replayed authenticator code, and takes each backup code once', async () => {
      const owner = await linkedAccountWithTwoFactor();
      const challengeKey = await heldSignIn(owner.who.subject);
      const replayed = await secondFactor({ challengeKey, twoFactorToken: owner.enableCode });
      expect(replayed.status).toBe(401);
      expect(replayed.body).toEqual({
        error: expect.stringContaining('already been used'),
        code: 'invalid_two_factor_code',
      });

      const backupCode = owner.backupCodes[0]!;
      const withBackup = await secondFactor({ challengeKey, twoFactorToken: backupCode, isBackupCode: true });
      expect(withBackup.status).toBe(200);
      expect((await api(server, withBackup.body.token).get('/api/auth/me')).status).toBe(200);

      const again = await heldSignIn(owner.who.subject);
      const usedBackup = await secondFactor({ challengeKey: again, twoFactorToken: backupCode, isBackupCode: true });
      expect(usedBackup.status).toBe(401);
      expect(usedBackup.body.code).toBe('invalid_two_factor_code');
      const code = codeForStep(owner.secret, owner.step + 1);
      expect((await secondFactor({ challengeKey: again, twoFactorToken: code })).status).toBe(200);

      // That authenticator code is used up here and at password sign-in alike.
      const third = await heldSignIn(owner.who.subject);
      const usedCode = await secondFactor({ challengeKey: third, twoFactorToken: code });
      expect(usedCode.status).toBe(401);
      expect(usedCode.body.error).toContain('already been used');
      const login = await api(server).post('/api/auth/login', {
        identifier: owner.user.email,
        password: owner.password,
        twoFactorToken: code,
      });
      expect(login.status).toBe(401);
    });

    it('refuses an unknown ticket, and a state of the provider sign-in as one', async () => {
      const unknown = await secondFactor({ challengeKey: 'not-a-ticket-we-issued', twoFactorToken: '123456' });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual(EXPIRED);
      const started = await start();
      const state = await secondFactor({ challengeKey: started.state, twoFactorToken: '123456' });
      expect(state.status).toBe(401);
      expect(state.body).toEqual(EXPIRED);
    });

    it('finishes one sign-in when the same ticket is sent twice at once', async () => {
      const owner = await linkedAccountWithTwoFactor();
      const sessions = await sessionCount(owner.user.id);
      const challengeKey = await heldSignIn(owner.who.subject);
      // Two different good codes, so only the ticket can stop the second.
      const answers = await Promise.all(
        owner.backupCodes
          .slice(0, 2)
          .map((code) => secondFactor({ challengeKey, twoFactorToken: code, isBackupCode: true })),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
      expect(answers.find((r) => r.status === 401)?.body).toEqual(EXPIRED);
      expect(await sessionCount(owner.user.id)).toBe(sessions + 1);
    });

    it('locks the account after too many wrong codes, as password sign-in does, and keeps the ticket', async () => {
      const owner = await linkedAccountWithTwoFactor();
      const challengeKey = await heldSignIn(owner.who.subject);
      const max = server.ctx.config.authLockout.maxFailuresPerAccount;
      for (let i = 0; i < max; i++) {
        expect((await secondFactor({ challengeKey, twoFactorToken: '000000' })).status).toBe(401);
      }
      const limited = await secondFactor({ challengeKey, twoFactorToken: codeForStep(owner.secret, owner.step + 1) });
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      const login = await api(server).post('/api/auth/login', {
        identifier: owner.user.email,
        password: owner.password,
      });
      expect(login.status).toBe(429);
      // Refused for the lock, not used up.
      await server.ctx.db.deleteFrom('auth_failures').where('key', '=', `login:user:${owner.user.id}`).execute();
      const res = await secondFactor({ challengeKey, twoFactorToken: codeForStep(owner.secret, owner.step + 1) });
      expect(res.status).toBe(200);
    });

    it('links an account found by e-mail only once the code is given', async () => {
      const account = await registerUser(server);
      const twoFactor = await turnOnTwoFactor(account.token);
      const who = person({ email: account.user.email });
      const identityRows = () =>
        server.ctx.db.selectFrom('identities').select('user_id').where('subject', '=', who.subject).execute();
      const eventTypes = async () =>
        ((await api(server, account.token).get('/api/activity/security')).body.events as { type: string }[]).map(
          (e) => e.type,
        );

      const first = await heldSignIn(who.subject);
      expect(await identityRows()).toEqual([]);
      expect(await eventTypes()).not.toContain('identity_linked');
      // Nothing was linked, so signing in again asks again; a wrong code links nothing either.
      const second = await heldSignIn(who.subject);
      expect((await secondFactor({ challengeKey: second, twoFactorToken: '000000' })).status).toBe(401);
      expect(await identityRows()).toEqual([]);
      expect(await eventTypes()).not.toContain('identity_linked');

      const res = await secondFactor({
        challengeKey: second,
        twoFactorToken: codeForStep(twoFactor.secret, twoFactor.step + 1),
      });
      expect(res.status).toBe(200);
      expect(res.body.user.id).toBe(account.user.id);
      expect(await identityRows()).toEqual([{ user_id: account.user.id }]);
      expect((await eventTypes()).slice(0, 2)).toEqual(['sign_in', 'identity_linked']);

      // The other ticket still finishes, without linking twice.
      const late = await secondFactor({
        challengeKey: first,
        twoFactorToken: twoFactor.backupCodes[0]!,
        isBackupCode: true,
      });
      expect(late.status).toBe(200);
      expect(await identityRows()).toHaveLength(1);
      expect((await eventTypes()).filter((type) => type === 'identity_linked')).toHaveLength(1);

      // Linked now, the account still asks for its code.
      await heldSignIn(who.subject);
    });
  });
});

describe('sign-in with the identity provider, when none is configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('lists none and answers 404', async () => {
    expect((await api(server).get('/api/config')).body.signIn).toEqual({ passkeys: true, identityProviders: [] });
    expect((await api(server).post('/api/auth/google/start')).status).toBe(404);
    const res = await api(server).post('/api/auth/google', { credential: 'x', state: 'y' });
    expect(res.status).toBe(404);
  });
});

describe('sign-in with the identity provider, when it cannot be reached', () => {
  let server: TestServer;
  beforeAll(async () => {
    // A loopback port nobody listens on any more.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    server = await startTestServer({ OIDC_ISSUER: `http://127.0.0.1:${port}`, OIDC_CLIENT_ID: CLIENT_ID });
  });
  afterAll(() => stopTestServer(server));

  it('answers 503, not a server error', async () => {
    const res = await api(server).post('/api/auth/google/start');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      error: 'Google sign-in is unavailable right now. Try again later',
      code: 'identity_provider_unavailable',
    });
  });
});
