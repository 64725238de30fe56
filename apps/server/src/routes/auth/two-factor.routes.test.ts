import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser, type RegisteredUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { codeForStep, currentStep } from '../../../test/totp-codes';

describe('two-factor authentication', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  /** Turns 2FA on with the code of the current step; that step is then used up. */
  async function withTwoFactor(owner?: RegisteredUser) {
    const account = owner ?? (await registerUser(server));
    const setup = await api(server, account.token).post('/api/auth/2fa/setup');
    expect(setup.status).toBe(200);
    const secret: string = setup.body.secret;
    const step = currentStep();
    const enableCode = codeForStep(secret, step);
    const enabled = await api(server, account.token).post('/api/auth/2fa/enable', { token: enableCode });
    expect(enabled.status).toBe(200);
    return { ...account, secret, step, enableCode, backupCodes: enabled.body.backupCodes as string[] };
  }

  const login = (identifier: string, password: string, extra: Record<string, unknown> = {}) =>
    api(server).post('/api/auth/login', { identifier, password, ...extra });

  it('sets up a pending secret with an otpauth URL and a QR code; nothing changes until a code confirms it', async () => {
    const owner = await registerUser(server);
    const setup = await api(server, owner.token).post('/api/auth/2fa/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('issuer')).toBe('Fanout');
    expect(url.searchParams.get('secret')).toBe(setup.body.secret);
    expect(decodeURIComponent(url.pathname)).toContain(owner.user.email);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{100,}$/);

    expect((await api(server, owner.token).get('/api/auth/2fa/status')).body).toEqual({
      enabled: false,
      backupCodesRemaining: 0,
    });
    const res = await login(owner.user.username, owner.password);
    expect(res.body.token).toEqual(expect.any(String));

    // A second setup replaces the pending secret: codes of the first no longer enable.
    const second = await api(server, owner.token).post('/api/auth/2fa/setup');
    expect(second.body.secret).not.toBe(setup.body.secret);
    const stale = await api(server, owner.token).post('/api/auth/2fa/enable', {
      token: codeForStep(setup.body.secret, currentStep()),
    });
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe('invalid_two_factor_code');
  });

  it('enables with a right code only, and answers ten distinct backup codes once', async () => {
    const owner = await registerUser(server);
    expect((await api(server, owner.token).post('/api/auth/2fa/enable', { token: '123456' })).body.code).toBe(
      'two_factor_not_set_up',
    );
    const setup = await api(server, owner.token).post('/api/auth/2fa/setup');
    const wrong = await api(server, owner.token).post('/api/auth/2fa/enable', { token: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: expect.any(String), code: 'invalid_two_factor_code' });

    const res = await api(server, owner.token).post('/api/auth/2fa/enable', {
      token: codeForStep(setup.body.secret, currentStep()),
    });
    expect(res.status).toBe(200);
    expect(res.body.enabled).toBe(true);
    expect(res.body.backupCodes).toHaveLength(10);
    expect(new Set(res.body.backupCodes).size).toBe(10);
    for (const code of res.body.backupCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    expect((await api(server, owner.token).get('/api/auth/2fa/status')).body).toEqual({
      enabled: true,
      backupCodesRemaining: 10,
    });
    expect((await api(server, owner.token).post('/api/auth/2fa/setup')).status).toBe(409);
  });

  it('keeps the secret encrypted and the backup codes hashed in the database', async () => {
    const owner = await withTwoFactor();
    const row = await server.ctx.db
      .selectFrom('two_factor')
      .selectAll()
      .where('user_id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_enc).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(owner.secret);
    const codes = await server.ctx.db
      .selectFrom('backup_codes')
      .select('code_hash')
      .where('user_id', '=', owner.user.id)
      .execute();
    expect(codes).toHaveLength(10);
    const stored = JSON.stringify(codes);
    for (const code of owner.backupCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
  });

  it('asks for a code after a correct password, and signs in with it', async () => {
    const owner = await withTwoFactor();
    const first = await login(owner.user.email, owner.password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ requires2FA: true, userId: owner.user.id });

    const res = await login(owner.user.email, owner.password, {
      twoFactorToken: codeForStep(owner.secret, owner.step + 1),
    });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(owner.user.id);
    expect((await api(server, res.body.token).get('/api/auth/me')).status).toBe(200);
  });

  it('does not ask for a code, or say 2FA is on, after a wrong password', async () => {
    const owner = await withTwoFactor();
    const res = await login(owner.user.email, 'not the password at all');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_credentials');
  });

  it('accepts each code once: a replayed or older code is refused, the next one works', async () => {
    const owner = await withTwoFactor();
    const replayed = await login(owner.user.email, owner.password, { twoFactorToken: owner.enableCode });
    expect(replayed.status).toBe(401);
    expect(replayed.body).toEqual({
      error: expect.stringContaining('already been used'),
      code: 'invalid_two_factor_code',
    });

    const next = codeForStep(owner.secret, owner.step + 1);
    expect((await login(owner.user.email, owner.password, { twoFactorToken: next })).status).toBe(200);
    const again = await login(owner.user.email, owner.password, { twoFactorToken: next });
    expect(again.status).toBe(401);
    const older = await login(owner.user.email, owner.password, {
      twoFactorToken: codeForStep(owner.secret, owner.step - 1),
    });
    expect(older.status).toBe(401);
  });

  it('allows one step of clock drift, not more', async () => {
    const owner = await withTwoFactor();
    const farAhead = await login(owner.user.email, owner.password, {
      twoFactorToken: codeForStep(owner.secret, currentStep() + 3),
    });
    expect(farAhead.status).toBe(401);
    expect(farAhead.body.error).toContain('not valid');
    const oneAhead = await login(owner.user.email, owner.password, {
      twoFactorToken: codeForStep(owner.secret, owner.step + 1),
    });
    expect(oneAhead.status).toBe(200);

    // A phone one step behind: enabling with the previous step's code works too.
    const behind = await registerUser(server);
    const setup = await api(server, behind.token).post('/api/auth/2fa/setup');
    const enableWithPreviousStep = async () => {
      const step = currentStep();
      const res = await api(server, behind.token).post('/api/auth/2fa/enable', {
        token: codeForStep(setup.body.secret, step - 1),
      });
      return { res, clockMoved: currentStep() !== step };
    };
    const first = await enableWithPreviousStep();
    // Only if the clock crossed into a new step during the request could that code have fallen out: once more.
    const { res } = first.res.status !== 200 && first.clockMoved ? await enableWithPreviousStep() : first;
    expect(res.status).toBe(200);
  });

  it('refuses a wrong code, and a right code with a wrong password', async () => {
    const owner = await withTwoFactor();
    const wrongCode = await login(owner.user.email, owner.password, { twoFactorToken: '000000' });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.body.code).toBe('invalid_two_factor_code');

    const code = codeForStep(owner.secret, owner.step + 1);
    const wrongPassword = await login(owner.user.email, 'a wrong password here', { twoFactorToken: code });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.code).toBe('invalid_credentials');
    // The code was not spent by the refused attempt.
    expect((await login(owner.user.email, owner.password, { twoFactorToken: code })).status).toBe(200);
  });

  it('signs in with a backup code once; the count goes down', async () => {
    const owner = await withTwoFactor();
    const [code, second] = owner.backupCodes as [string, string];
    const res = await login(owner.user.username, owner.password, { twoFactorToken: code, isBackupCode: true });
    expect(res.status).toBe(200);
    const reused = await login(owner.user.username, owner.password, { twoFactorToken: code, isBackupCode: true });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('invalid_two_factor_code');

    // Typed loosely: upper case, no dash.
    const loose = second.replace('-', '').toUpperCase();
    expect(
      (await login(owner.user.username, owner.password, { twoFactorToken: loose, isBackupCode: true })).status,
    ).toBe(200);
    expect((await api(server, owner.token).get('/api/auth/2fa/status')).body.backupCodesRemaining).toBe(8);

    const notACode = await login(owner.user.username, owner.password, { twoFactorToken: '123456', isBackupCode: true });
    expect(notACode.status).toBe(401);
  });

  it('replaces the backup codes with a current code; the old ones stop working', async () => {
    const owner = await withTwoFactor();
    const refused = await api(server, owner.token).post('/api/auth/2fa/backup-codes', { token: '000000' });
    expect(refused.status).toBe(400);
    const res = await api(server, owner.token).post('/api/auth/2fa/backup-codes', {
      token: codeForStep(owner.secret, owner.step + 1),
    });
    expect(res.status).toBe(200);
    expect(res.body.backupCodes).toHaveLength(10);
    const old = await login(owner.user.email, owner.password, {
      twoFactorToken: owner.backupCodes[0],
      isBackupCode: true,
    });
    expect(old.status).toBe(401);
    const fresh = await login(owner.user.email, owner.password, {
      twoFactorToken: res.body.backupCodes[0],
      isBackupCode: true,
    });
    expect(fresh.status).toBe(200);
  });

  it('turns off only with the password and a code; a wrong one is 400, not a sign-out', async () => {
    const owner = await withTwoFactor();
    const code = codeForStep(owner.secret, owner.step + 1);
    const badPassword = await api(server, owner.token).post('/api/auth/2fa/disable', {
      token: code,
      password: 'nope nope nope',
    });
    expect(badPassword.status).toBe(400);
    expect(badPassword.body.code).toBe('invalid_password');
    const badCode = await api(server, owner.token).post('/api/auth/2fa/disable', {
      token: '000000',
      password: owner.password,
    });
    expect(badCode.status).toBe(400);
    expect(badCode.body.code).toBe('invalid_two_factor_code');
    expect((await api(server, owner.token).get('/api/auth/me')).status).toBe(200);

    const res = await api(server, owner.token).post('/api/auth/2fa/disable', { token: code, password: owner.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ enabled: false });
    expect((await api(server, owner.token).get('/api/auth/2fa/status')).body).toEqual({
      enabled: false,
      backupCodesRemaining: 0,
    });
    expect((await login(owner.user.email, owner.password)).body.token).toEqual(expect.any(String));
    expect(
      (await api(server, owner.token).post('/api/auth/2fa/disable', { token: code, password: owner.password })).status,
    ).toBe(409);

    const types = (await api(server, owner.token).get('/api/activity/security')).body.events.map(
      (e: { type: string }) => e.type,
    );
    expect(types).toContain('two_factor_enabled');
    expect(types).toContain('two_factor_disabled');
  });

  it('turns off with a backup code when the phone is gone', async () => {
    const owner = await withTwoFactor();
    const res = await api(server, owner.token).post('/api/auth/2fa/disable', {
      token: owner.backupCodes[3],
      password: owner.password,
    });
    expect(res.status).toBe(200);
  });

  it('needs a session for every two-factor call', async () => {
    for (const path of [
      '/api/auth/2fa/setup',
      '/api/auth/2fa/enable',
      '/api/auth/2fa/disable',
      '/api/auth/2fa/backup-codes',
    ]) {
      expect((await api(server).post(path, { token: '123456', password: 'x' })).status, path).toBe(401);
    }
    expect((await api(server).get('/api/auth/2fa/status')).status).toBe(401);
  });
});
