import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser, type RegisteredUser } from '../../../test/factories';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { codeForStep, currentStep } from '../../../test/totp-codes';

const SITE = { origin: 'https://fanout.test', rpId: 'fanout.test' };

describe('passkeys', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: SITE.origin });
  });
  afterAll(() => stopTestServer(server));

  async function addPasskey(
    owner: RegisteredUser,
    authenticator = new SoftwareAuthenticator(SITE),
    deviceName?: string,
  ) {
    const options = await api(server, owner.token).post('/api/auth/passkey/register/options');
    expect(options.status).toBe(200);
    const res = await api(server, owner.token).post('/api/auth/passkey/register/verify', {
      response: authenticator.register(options.body),
      deviceName,
    });
    expect(res.status).toBe(201);
    return { authenticator, passkey: res.body.passkey };
  }

  async function signInOptions(typed = '') {
    const res = await api(server).post('/api/auth/passkey/authenticate/options', { email: typed, username: typed });
    expect(res.status).toBe(200);
    return res.body;
  }

  /** Signs the challenge of `options` with the authenticator and sends the assertion. */
  function answerChallenge(
    authenticator: SoftwareAuthenticator,
    options: { challenge: string; challengeKey: string },
    overrides: { origin?: string } = {},
  ) {
    return api(server).post('/api/auth/passkey/authenticate/verify', {
      response: authenticator.authenticate(options, overrides),
      challengeKey: options.challengeKey,
    });
  }

  async function signIn(authenticator: SoftwareAuthenticator, overrides: { origin?: string } = {}) {
    return answerChallenge(authenticator, await signInOptions(), overrides);
  }

  it('registers a passkey bound to PUBLIC_URL and signs in with it, no password needed', async () => {
    const owner = await registerUser(server);
    const options = await api(server, owner.token).post('/api/auth/passkey/register/options');
    expect(options.body).toMatchObject({
      rp: { id: 'fanout.test', name: 'Fanout' },
      user: { name: owner.user.email, displayName: owner.user.username },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    });
    expect(options.body.user.id).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const authenticator = new SoftwareAuthenticator(SITE);
    const added = await api(server, owner.token).post('/api/auth/passkey/register/verify', {
      response: authenticator.register(options.body),
      deviceName: 'Work laptop',
    });
    expect(added.status).toBe(201);
    expect(added.body.passkey).toEqual({
      id: expect.any(Number),
      deviceName: 'Work laptop',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });

    const res = await signIn(authenticator);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: owner.user.id, email: owner.user.email });
    const me = await api(server, res.body.token).get('/api/auth/me');
    expect(me.body.user.id).toBe(owner.user.id);

    const list = await api(server, owner.token).get('/api/auth/passkey/list');
    expect(list.body.passkeys).toHaveLength(1);
    expect(list.body.passkeys[0].lastUsedAt).not.toBeNull();
  });

  it('names a passkey after the browser and system when no name is given', async () => {
    const owner = await registerUser(server);
    const options = await api(server, owner.token).post('/api/auth/passkey/register/options');
    const res = await fetch(`${server.url}/api/auth/passkey/register/verify`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': 'application/json',
        'user-agent':
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      },
      body: JSON.stringify({ response: new SoftwareAuthenticator(SITE).register(options.body) }),
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { passkey: { deviceName: string } }).passkey.deviceName).toBe('Chrome on macOS');
  });

  it('answers sign-in options the same way for an existing account, an unknown one and no identifier', async () => {
    const owner = await registerUser(server);
    await addPasskey(owner);
    const answers = [
      await signInOptions(owner.user.email),
      await signInOptions('nobody@example.com'),
      await signInOptions(),
    ];
    for (const options of answers) {
      expect(Object.keys(options).sort()).toEqual(Object.keys(answers[0]).sort());
      expect(options.allowCredentials ?? []).toEqual([]);
      expect(options).toMatchObject({ rpId: 'fanout.test', userVerification: 'required' });
      expect(options.challengeKey).toEqual(expect.any(String));
    }
    expect(new Set(answers.map((a) => a.challenge)).size).toBe(3);
    expect((await api(server).post('/api/auth/passkey/authenticate/options')).status).toBe(200);
  });

  it('lets a passkey sign-in stand in for the two-factor code', async () => {
    const owner = await registerUser(server);
    const setup = await api(server, owner.token).post('/api/auth/2fa/setup');
    const enabled = await api(server, owner.token).post('/api/auth/2fa/enable', {
      token: codeForStep(setup.body.secret, currentStep()),
    });
    expect(enabled.status).toBe(200);
    const { authenticator } = await addPasskey(owner);
    const res = await signIn(authenticator);
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body).not.toHaveProperty('requires2FA');
  });

  it('accepts a sign-in challenge once only', async () => {
    const owner = await registerUser(server);
    const { authenticator } = await addPasskey(owner);
    const options = await signInOptions();
    const first = await answerChallenge(authenticator, options);
    expect(first.status).toBe(200);
    const again = await answerChallenge(authenticator, options);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('passkey_challenge_invalid');
  });

  it('refuses an expired sign-in challenge', async () => {
    const owner = await registerUser(server);
    const { authenticator } = await addPasskey(owner);
    const options = await signInOptions();
    await server.ctx.db
      .updateTable('auth_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('challenge', '=', options.challenge)
      .execute();
    const res = await answerChallenge(authenticator, options);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('passkey_challenge_invalid');
  });

  it('refuses a signature counter that went backwards (a cloned key)', async () => {
    const owner = await registerUser(server);
    const { authenticator } = await addPasskey(owner);
    expect((await signIn(authenticator)).status).toBe(200);
    expect((await signIn(authenticator)).status).toBe(200);
    authenticator.counter = 0;
    const cloned = await signIn(authenticator);
    expect(cloned.status).toBe(401);
    expect(cloned.body).toEqual({ error: expect.any(String), code: 'passkey_invalid' });
  });

  it('accepts authenticators that never count (counter stays 0)', async () => {
    const owner = await registerUser(server);
    const { authenticator } = await addPasskey(owner, new SoftwareAuthenticator(SITE, { countsSignatures: false }));
    expect((await signIn(authenticator)).status).toBe(200);
    expect((await signIn(authenticator)).status).toBe(200);
  });

  it('refuses assertions from another site, without user verification, or from unknown passkeys', async () => {
    const owner = await registerUser(server);
    const { authenticator } = await addPasskey(owner);
    const phished = await signIn(authenticator, { origin: 'https://fanout.test.evil.example' });
    expect(phished.status).toBe(401);
    expect(phished.body.code).toBe('passkey_invalid');

    const unknown = await signIn(new SoftwareAuthenticator(SITE));
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('passkey_unknown');

    const noUv = new SoftwareAuthenticator(SITE, { userVerified: false });
    const options = await api(server, owner.token).post('/api/auth/passkey/register/options');
    const registered = await api(server, owner.token).post('/api/auth/passkey/register/verify', {
      response: noUv.register(options.body),
    });
    expect(registered.status).toBe(400);
    expect(registered.body.code).toBe('passkey_invalid');
  });

  it('uses a registration challenge once, and only for the user it was made for', async () => {
    const owner = await registerUser(server);
    const other = await registerUser(server);
    const options = await api(server, owner.token).post('/api/auth/passkey/register/options');
    const response = new SoftwareAuthenticator(SITE).register(options.body);
    const stolen = await api(server, other.token).post('/api/auth/passkey/register/verify', { response });
    expect(stolen.status).toBe(400);
    expect(stolen.body.code).toBe('passkey_challenge_invalid');
    const replay = await api(server, owner.token).post('/api/auth/passkey/register/verify', { response });
    expect(replay.status).toBe(400);

    const fresh = await api(server, owner.token).post('/api/auth/passkey/register/options');
    const foreign = await api(server, owner.token).post('/api/auth/passkey/register/verify', {
      response: new SoftwareAuthenticator(SITE).register(fresh.body, { origin: 'https://elsewhere.example' }),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('passkey_invalid');
  });

  it('keeps one passkey per authenticator: registering the same one again is refused', async () => {
    const owner = await registerUser(server);
    const { authenticator } = await addPasskey(owner);
    const options = await api(server, owner.token).post('/api/auth/passkey/register/options');
    expect(options.body.excludeCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    const again = await api(server, owner.token).post('/api/auth/passkey/register/verify', {
      response: authenticator.register(options.body),
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('passkey_exists');
  });

  it('renames and removes passkeys; a removed passkey no longer signs in; others’ passkeys are out of reach', async () => {
    const owner = await registerUser(server);
    const stranger = await registerUser(server);
    const { authenticator, passkey } = await addPasskey(owner, undefined, 'Phone');

    const renamed = await api(server, owner.token).patch(`/api/auth/passkey/${passkey.id}`, {
      deviceName: ' Pixel 8 ',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.passkey.deviceName).toBe('Pixel 8');
    const blank = await api(server, owner.token).patch(`/api/auth/passkey/${passkey.id}`, { deviceName: '  ' });
    expect(blank.status).toBe(400);

    expect(
      (await api(server, stranger.token).patch(`/api/auth/passkey/${passkey.id}`, { deviceName: 'x' })).status,
    ).toBe(404);
    expect((await api(server, stranger.token).delete(`/api/auth/passkey/${passkey.id}`)).status).toBe(404);

    const removed = await api(server, owner.token).delete(`/api/auth/passkey/${passkey.id}`);
    expect(removed.status).toBe(200);
    expect((await api(server, owner.token).get('/api/auth/passkey/list')).body.passkeys).toEqual([]);
    const res = await signIn(authenticator);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('passkey_unknown');

    const events = (await api(server, owner.token).get('/api/activity/security')).body.events;
    expect(events.map((e: { type: string }) => e.type).slice(0, 2)).toEqual(['passkey_removed', 'passkey_added']);
    expect(events[0].detail.deviceName).toBe('Pixel 8');
  });

  it('needs a session for registering, listing, renaming and removing', async () => {
    for (const [method, path] of [
      ['post', '/api/auth/passkey/register/options'],
      ['post', '/api/auth/passkey/register/verify'],
      ['get', '/api/auth/passkey/list'],
      ['patch', '/api/auth/passkey/1'],
      ['delete', '/api/auth/passkey/1'],
    ] as const) {
      const res = await api(server)[method](path, {});
      expect(res.status, path).toBe(401);
    }
  });
});
