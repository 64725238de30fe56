import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser, type RegisteredUser } from '../../../test/factories';
import { SoftwareAuthenticator } from '../../../test/software-authenticator';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { findSessionByTokenHash, insertSession } from '../../repositories/sessions.repository';
import { hashToken, newSessionToken } from '../../services/session.service';

const SITE = { origin: 'https://fanout.test', rpId: 'fanout.test' };
const PER_ACCOUNT = 3;
const MINUTE = 60_000;
const CONFIRM = {
  error: 'Confirm it is you: enter your password, then try again',
  code: 'reauthentication_required',
};
const SIGN_IN_AGAIN = {
  error: 'Sign in again to confirm it is you, then try again',
  code: 'reauthentication_required',
};

describe('confirm it is you: adding or removing a passkey and setting up two-factor need a recent authentication', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: SITE.origin, AUTH_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT) });
  });
  afterAll(() => stopTestServer(server));

  const sessionIdOf = async (token: string) =>
    (await findSessionByTokenHash(server.ctx.db, hashToken(token)))!.sessionId;

  /** Moves the session's sign-in back by `minutes`, as if it had signed in that long ago. */
  async function signedInAgo(token: string, minutes: number) {
    await server.ctx.db
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - minutes * MINUTE) })
      .where('id', '=', await sessionIdOf(token))
      .execute();
  }

  /** Moves the session's last confirmed password back by `minutes`. */
  async function confirmedAgo(token: string, minutes: number) {
    await server.ctx.db
      .updateTable('sessions')
      .set({ reauthenticated_at: new Date(Date.now() - minutes * MINUTE) })
      .where('id', '=', await sessionIdOf(token))
      .execute();
  }

  async function addPasskey(token: string) {
    const options = await api(server, token).post('/api/auth/passkey/register/options');
    expect(options.status).toBe(200);
    const res = await api(server, token).post('/api/auth/passkey/register/verify', {
      response: new SoftwareAuthenticator(SITE).register(options.body),
    });
    expect(res.status).toBe(201);
    return res.body.passkey as { id: number };
  }

  const passkeyIds = async (token: string) =>
    ((await api(server, token).get('/api/auth/passkey/list')).body.passkeys as { id: number }[]).map((p) => p.id);
  const twoFactorStatus = async (token: string) => (await api(server, token).get('/api/auth/2fa/status')).body;
  const reauthenticate = (token: string, password: string) =>
    api(server, token).post('/api/auth/reauthenticate', { password });

  /** An account with one passkey, added right after sign-up, whose session then signed in 11 minutes ago. */
  async function staleOwner(): Promise<RegisteredUser & { passkeyId: number }> {
    const owner = await registerUser(server);
    const { id } = await addPasskey(owner.token);
    await signedInAgo(owner.token, 11);
    return { ...owner, passkeyId: id };
  }

  /** Each of the three calls is refused with `expected`, and nothing about the account changes. */
  async function expectAllRefused(owner: RegisteredUser & { passkeyId: number }, expected = CONFIRM) {
    const client = api(server, owner.token);
    const options = await client.post('/api/auth/passkey/register/options');
    expect(options.status).toBe(403);
    expect(options.body).toEqual(expected);
    const removed = await client.delete(`/api/auth/passkey/${owner.passkeyId}`);
    expect(removed.status).toBe(403);
    expect(removed.body).toEqual(expected);
    const setup = await client.post('/api/auth/2fa/setup');
    expect(setup.status).toBe(403);
    expect(setup.body).toEqual(expected);

    expect(await passkeyIds(owner.token)).toEqual([owner.passkeyId]);
    expect(await twoFactorStatus(owner.token)).toEqual({ enabled: false, backupCodesRemaining: 0 });
    // The refused setup stored no pending secret either.
    expect((await client.post('/api/auth/2fa/enable', { token: '123456' })).body.code).toBe('two_factor_not_set_up');
  }

  it('lets a fresh sign-in add a passkey, remove one and set up two-factor directly', async () => {
    const owner = await registerUser(server);
    const first = await addPasskey(owner.token);
    expect((await api(server, owner.token).delete(`/api/auth/passkey/${first.id}`)).status).toBe(200);
    expect((await api(server, owner.token).post('/api/auth/2fa/setup')).status).toBe(200);

    // A password sign-in on another device is recent too, however old the first session is.
    await signedInAgo(owner.token, 60);
    const login = await api(server).post('/api/auth/login', { identifier: owner.user.email, password: owner.password });
    const second = await addPasskey(login.body.token);
    expect((await api(server, login.body.token).delete(`/api/auth/passkey/${second.id}`)).status).toBe(200);
    expect((await api(server, login.body.token).post('/api/auth/2fa/setup')).status).toBe(200);
  });

  it('still counts a sign-in of 9 minutes ago as recent', async () => {
    const owner = await registerUser(server);
    await signedInAgo(owner.token, 9);
    const passkey = await addPasskey(owner.token);
    expect((await api(server, owner.token).delete(`/api/auth/passkey/${passkey.id}`)).status).toBe(200);
    expect((await api(server, owner.token).post('/api/auth/2fa/setup')).status).toBe(200);
  });

  it('refuses a session signed in more than 10 minutes ago, and changes nothing', async () => {
    const owner = await staleOwner();
    await expectAllRefused(owner);
    // Listing, renaming and the other screens keep working on that session.
    expect(
      (await api(server, owner.token).patch(`/api/auth/passkey/${owner.passkeyId}`, { deviceName: 'Mine' })).status,
    ).toBe(200);
    expect((await api(server, owner.token).get('/api/auth/sessions')).status).toBe(200);
  });

  it('refuses a wrong password with 400 and stays refused; the right one opens the window on this session only', async () => {
    const owner = await staleOwner();
    const wrong = await reauthenticate(owner.token, 'not my password at all');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'The password is not correct', code: 'invalid_password' });
    await expectAllRefused(owner);
    expect((await api(server, owner.token).get('/api/auth/me')).status).toBe(200);

    const other = await api(server).post('/api/auth/login', { identifier: owner.user.email, password: owner.password });
    await signedInAgo(other.body.token, 11);

    const before = Date.now();
    const ok = await reauthenticate(owner.token, owner.password);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true, until: expect.any(String) });
    const until = new Date(ok.body.until).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 10 * MINUTE - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 10 * MINUTE + 1000);

    const added = await addPasskey(owner.token);
    expect((await api(server, owner.token).delete(`/api/auth/passkey/${owner.passkeyId}`)).status).toBe(200);
    expect(await passkeyIds(owner.token)).toEqual([added.id]);
    expect((await api(server, owner.token).post('/api/auth/2fa/setup')).status).toBe(200);

    // The other, older session of the same account was not confirmed.
    const elsewhere = await api(server, other.body.token).post('/api/auth/passkey/register/options');
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.code).toBe('reauthentication_required');
  });

  it('closes the window 10 minutes after the password was confirmed', async () => {
    const owner = await staleOwner();
    expect((await reauthenticate(owner.token, owner.password)).status).toBe(200);
    await confirmedAgo(owner.token, 9);
    expect((await api(server, owner.token).post('/api/auth/passkey/register/options')).status).toBe(200);

    await confirmedAgo(owner.token, 11);
    await expectAllRefused(owner);

    expect((await reauthenticate(owner.token, owner.password)).status).toBe(200);
    expect((await api(server, owner.token).post('/api/auth/2fa/setup')).status).toBe(200);
  });

  it('counts wrong passwords with the other password checks: 429 with Retry-After, even for the right one', async () => {
    const owner = await staleOwner();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect((await reauthenticate(owner.token, `wrong password ${i}`)).status).toBe(400);
    }
    const limited = await reauthenticate(owner.token, owner.password);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api(server, owner.token).post('/api/auth/passkey/register/options')).body).toEqual(CONFIRM);
    expect(await passkeyIds(owner.token)).toEqual([owner.passkeyId]);
    // The same count as the password change's check of the current password.
    const change = await api(server, owner.token).post('/api/auth/password', {
      currentPassword: owner.password,
      newPassword: 'another long passphrase',
    });
    expect(change.status).toBe(429);
  });

  it('checks the body and needs a session', async () => {
    const owner = await staleOwner();
    const empty = await api(server, owner.token).post('/api/auth/reauthenticate', { password: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('validation_failed');
    expect((await api(server).post('/api/auth/reauthenticate', { password: owner.password })).status).toBe(401);
    await expectAllRefused(owner);
  });

  it('documents the rule in the OpenAPI document', async () => {
    const doc = (await api(server).get('/api/openapi.json')).body;
    const reauth = doc.paths['/api/auth/reauthenticate'].post;
    expect(reauth.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(reauth.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429']));
    for (const operation of [
      doc.paths['/api/auth/passkey/register/options'].post,
      doc.paths['/api/auth/passkey/{id}'].delete,
      doc.paths['/api/auth/2fa/setup'].post,
    ]) {
      expect(operation.description).toContain('403 `reauthentication_required`');
      expect(operation.description).toContain('/auth/reauthenticate');
      expect(Object.keys(operation.responses)).toContain('403');
    }
  });

  it('lets an account without a password become recent only by signing in again', async () => {
    const owner = await staleOwner();
    await server.ctx.db.updateTable('users').set({ password_hash: null }).where('id', '=', owner.user.id).execute();
    await expectAllRefused(owner, SIGN_IN_AGAIN);
    const refused = await reauthenticate(owner.token, 'anything at all');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(SIGN_IN_AGAIN);
    await expectAllRefused(owner, SIGN_IN_AGAIN);

    // A new sign-in (as through the identity provider) is recent; confirming on it does not extend it.
    const token = newSessionToken();
    const session = await insertSession(server.ctx.db, {
      userId: owner.user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const same = await reauthenticate(token, 'anything at all');
    expect(same.status).toBe(200);
    expect(new Date(same.body.until).getTime()).toBe(new Date(session.created_at).getTime() + 10 * MINUTE);
    expect((await api(server, token).delete(`/api/auth/passkey/${owner.passkeyId}`)).status).toBe(200);
    expect((await api(server, token).post('/api/auth/2fa/setup')).status).toBe(200);
  });
});
