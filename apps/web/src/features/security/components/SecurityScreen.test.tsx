import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Passkey, SessionInfo } from '@fanout/contracts';
import { workspaceRoutes } from '@/test/api-fixtures';
import { signIn } from '@/test/factories';
import { stubFetch, type StubAnswer, type StubRequest, type StubRoutes } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { base64url } from '@/test/webauthn-stub';

const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);

function session(overrides: Partial<SessionInfo>): SessionInfo {
  return {
    id: 1,
    device: 'Chrome on Linux',
    ip: '127.0.0.1',
    createdAt: '2026-11-20T10:00:00Z',
    lastUsedAt: '2026-11-22T09:30:00Z',
    expiresAt: '2026-12-20T10:00:00Z',
    current: true,
    ...overrides,
  };
}

/** A small stateful server: two-factor status, passkeys and sessions change as the screen calls it. */
function securityServer(initial: { enabled?: boolean; left?: number; passkeys?: Passkey[]; sessions?: SessionInfo[] }) {
  const state = {
    enabled: initial.enabled ?? false,
    left: initial.left ?? 0,
    passkeys: initial.passkeys ?? [],
    sessions: initial.sessions ?? [session({})],
  };
  const routes: StubRoutes = {
    ...workspaceRoutes(),
    'GET /api/auth/2fa/status': () => ({ body: { enabled: state.enabled, backupCodesRemaining: state.left } }),
    'POST /api/auth/2fa/setup': {
      body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:image/png;base64,AAAA' },
    },
    'POST /api/auth/2fa/enable': ({ body }) => {
      if ((body as { token: string }).token !== '123456')
        return { status: 400, body: { error: 'The code is not correct', code: 'invalid_two_factor_code' } };
      Object.assign(state, { enabled: true, left: 10 });
      return { body: { enabled: true, backupCodes: CODES } };
    },
    'POST /api/auth/2fa/backup-codes': () => {
      state.left = 10;
      return { body: { backupCodes: CODES.map((c) => `new-${c}`) } };
    },
    'POST /api/auth/2fa/disable': () => {
      Object.assign(state, { enabled: false, left: 0 });
      return { body: { enabled: false } };
    },
    'GET /api/auth/passkey/list': () => ({ body: { passkeys: state.passkeys } }),
    'GET /api/auth/sessions': () => ({ body: { sessions: state.sessions } }),
  };
  for (const passkey of state.passkeys) {
    routes[`PATCH /api/auth/passkey/${passkey.id}`] = ({ body }) => {
      passkey.deviceName = (body as { deviceName: string }).deviceName;
      return { body: { passkey } };
    };
    routes[`DELETE /api/auth/passkey/${passkey.id}`] = () => {
      state.passkeys = state.passkeys.filter((p) => p.id !== passkey.id);
      return { body: { ok: true } };
    };
  }
  for (const s of state.sessions) {
    routes[`DELETE /api/auth/sessions/${s.id}`] = () => {
      state.sessions = state.sessions.filter((x) => x.id !== s.id);
      return { body: { ok: true } };
    };
  }
  routes['POST /api/auth/sessions/revoke-others'] = () => {
    const revoked = state.sessions.filter((s) => !s.current).length;
    state.sessions = state.sessions.filter((s) => s.current);
    return { body: { revoked } };
  };
  return { routes, state };
}

function open(routes: StubRoutes) {
  signIn();
  const stub = stubFetch(routes);
  renderApp('/security');
  return { ...stub, user: userEvent.setup() };
}

const region = (name: string) => screen.findByRole('region', { name });

describe('security screen: two-factor authentication', () => {
  it('sets up with the QR code and key, refuses a wrong code, then shows the 10 backup codes once', async () => {
    const { routes } = securityServer({});
    const { user, calls } = open(routes);
    const twoFactor = await region('Two-factor authentication');
    expect(await within(twoFactor).findByText('Off')).toBeInTheDocument();
    await user.click(within(twoFactor).getByRole('button', { name: 'Set up two-factor authentication' }));

    expect(await within(twoFactor).findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    expect(within(twoFactor).getByLabelText('Setup key')).toHaveValue('JBSWY3DPEHPK3PXP');

    const code = within(twoFactor).getByLabelText('6-digit code');
    await user.type(code, '12a3');
    expect(code).toHaveValue('123');
    await user.click(within(twoFactor).getByRole('button', { name: 'Turn on' }));
    expect(within(twoFactor).getByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/auth/2fa/enable')).toBe(false);

    await user.type(code, '999');
    await user.click(within(twoFactor).getByRole('button', { name: 'Turn on' }));
    expect(await within(twoFactor).findByRole('alert')).toHaveTextContent('The code is not correct');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(twoFactor).getByRole('button', { name: 'Turn on' }));
    const list = await within(twoFactor).findByRole('list', { name: 'Backup codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(await within(twoFactor).findByText('On')).toBeInTheDocument();

    await user.click(within(twoFactor).getByRole('button', { name: 'I have saved these codes' }));
    expect(within(twoFactor).queryByRole('list', { name: 'Backup codes' })).not.toBeInTheDocument();
    expect(within(twoFactor).getByText('10 backup codes left')).toBeInTheDocument();
  });

  it('warns when few backup codes are left and regenerates them with a code', async () => {
    const { routes } = securityServer({ enabled: true, left: 1 });
    const { user, calls } = open(routes);
    const twoFactor = await region('Two-factor authentication');
    expect(await within(twoFactor).findByText(/1 backup code left: make new ones/)).toBeInTheDocument();
    await user.click(within(twoFactor).getByRole('button', { name: 'Regenerate backup codes' }));
    await user.type(within(twoFactor).getByLabelText('6-digit code'), '654321');
    await user.click(within(twoFactor).getByRole('button', { name: 'Regenerate' }));
    const list = await within(twoFactor).findByRole('list', { name: 'Backup codes' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('new-code0-abcde');
    expect(calls.find((c) => c.url === '/api/auth/2fa/backup-codes')?.body).toEqual({ token: '654321' });
  });

  it('turns off with a code (a backup code works too) and the password', async () => {
    const { routes } = securityServer({ enabled: true, left: 8 });
    const { user, calls } = open(routes);
    const twoFactor = await region('Two-factor authentication');
    await user.click(await within(twoFactor).findByRole('button', { name: 'Turn off' }));
    await user.type(within(twoFactor).getByLabelText('Code'), 'abcde-12345');
    await user.type(within(twoFactor).getByLabelText('Password'), 'correct horse battery');
    await user.click(within(twoFactor).getByRole('button', { name: 'Turn off two-factor authentication' }));
    expect(await within(twoFactor).findByText('Off')).toBeInTheDocument();
    expect(within(twoFactor).getByRole('button', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/2fa/disable')?.body).toEqual({
      token: 'abcde-12345',
      password: 'correct horse battery',
    });
  });
});

describe('security screen: passkeys', () => {
  const passkeys = (): Passkey[] => [
    { id: 7, deviceName: 'Chrome on macOS', createdAt: '2026-10-01T08:00:00Z', lastUsedAt: null },
    { id: 8, deviceName: 'Pixel phone', createdAt: '2026-10-02T08:00:00Z', lastUsedAt: '2026-11-01T08:00:00Z' },
  ];

  it('lists passkeys, renames one and deletes one after confirming', async () => {
    const { routes } = securityServer({ passkeys: passkeys() });
    const { user, calls } = open(routes);
    const section = await region('Passkeys');
    const list = await within(section).findByRole('list', { name: 'Passkeys' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText(/not used yet/)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Rename Chrome on macOS' }));
    const name = within(section).getByLabelText('Passkey name');
    await user.clear(name);
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(within(section).getByText('Name the passkey')).toBeInTheDocument();
    await user.type(name, 'Work laptop');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText('Work laptop')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ deviceName: 'Work laptop' });

    await user.click(within(section).getByRole('button', { name: 'Delete Pixel phone' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this passkey?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(section).queryByText('Pixel phone')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/auth/passkey/8')).toBe(true);
  });

  it('says when there are none, and when this browser cannot make one', async () => {
    const { routes } = securityServer({});
    open(routes);
    const section = await region('Passkeys');
    expect(await within(section).findByText('No passkeys yet')).toBeInTheDocument();
    // jsdom has no WebAuthn: the add button gives way to a plain explanation.
    expect(within(section).getByText('This browser cannot create passkeys.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });
});

describe('security screen: signed-in devices and password', () => {
  it('lists this device first and marked, signs out another one, then all the others', async () => {
    const { routes } = securityServer({
      sessions: [
        session({ id: 2, device: 'Safari on iOS', current: false, ip: null }),
        session({ id: 1, lastUsedAt: '2026-11-01T09:30:00Z' }),
        session({ id: 3, device: 'Firefox on Windows', current: false }),
      ],
    });
    const { user, calls } = open(routes);
    const section = await region('Signed-in devices');
    const list = await within(section).findByRole('list', { name: 'Sessions' });
    const current = within(list).getAllByRole('listitem')[0]!;
    expect(within(current).getByText('This device')).toBeInTheDocument();
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Sign out Safari on iOS' }));
    await waitFor(() => expect(within(list).queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/auth/sessions/2')).toBe(true);

    await user.click(within(section).getByRole('button', { name: 'Sign out all other devices' }));
    expect(await screen.findByText('1 other device was signed out.')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(section).getByRole('button', { name: 'Sign out all other devices' })).toBeDisabled();
  });

  it('checks the new password before sending, shows a wrong current password, and reports the signed-out sessions', async () => {
    const { routes } = securityServer({});
    routes['POST /api/auth/password'] = ({ body }) =>
      (body as { currentPassword: string }).currentPassword === 'old password 123'
        ? { body: { ok: true, otherSessionsRevoked: 2 } }
        : { status: 400, body: { error: 'The password is not correct', code: 'invalid_password' } };
    const { user, calls } = open(routes);
    const section = await region('Password');
    await user.type(within(section).getByLabelText('Current password'), 'wrong one');
    await user.type(within(section).getByLabelText('New password'), 'short');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(within(section).getByText('Password must be at least 12 characters')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/auth/password')).toBe(false);

    await user.type(within(section).getByLabelText('New password'), ' but longer now');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('The password is not correct');

    await user.clear(within(section).getByLabelText('Current password'));
    await user.type(within(section).getByLabelText('Current password'), 'old password 123');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Password changed. 2 other sessions were signed out.',
    );
    expect(within(section).getByLabelText('Current password')).toHaveValue('');
  });
});

describe('security screen: confirm it is you', () => {
  const PASSWORD = 'correct horse battery staple';
  const REFUSED = {
    status: 403,
    body: { error: 'Confirm it is you: enter your password, then try again', code: 'reauthentication_required' },
  };
  const buffer = (text: string) => new TextEncoder().encode(text).buffer;

  /** A browser that can make passkeys: navigator.credentials.create() answers with an attestation. */
  function stubPasskeyCreation() {
    vi.stubGlobal('PublicKeyCredential', class {});
    const create = vi.fn(async () => ({
      id: base64url('new-passkey'),
      rawId: buffer('new-passkey'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: buffer('{"type":"webauthn.create"}'), attestationObject: buffer('attestation') },
      getClientExtensionResults: () => ({}),
    }));
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: { create } });
    onTestFinished(() => {
      delete (navigator as { credentials?: unknown }).credentials;
    });
    return create;
  }

  /**
   * The security server of this file, whose session signed in long ago: adding or removing a passkey and
   * setting up two-factor answer 403 until POST /auth/reauthenticate confirms the password.
   */
  function staleSessionServer(initial: { passkeys?: Passkey[] } = {}) {
    const { routes, state } = securityServer(initial);
    const server = { confirmed: false };
    const untilConfirmed = (handler: (request: StubRequest) => StubAnswer | undefined) => (request: StubRequest) =>
      server.confirmed ? handler(request) : REFUSED;
    routes['POST /api/auth/reauthenticate'] = ({ body }) => {
      if ((body as { password: string }).password !== PASSWORD)
        return { status: 400, body: { error: 'The password is not correct', code: 'invalid_password' } };
      server.confirmed = true;
      return { body: { ok: true, until: '2026-11-22T10:10:00Z' } };
    };
    routes['POST /api/auth/passkey/register/options'] = untilConfirmed(() => ({
      body: {
        challenge: base64url('challenge'),
        rp: { name: 'Fanout', id: 'localhost' },
        user: { id: base64url('user-7'), name: 'mia@example.com', displayName: 'mia.creates' },
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      },
    }));
    routes['POST /api/auth/passkey/register/verify'] = ({ body }) => {
      const passkey = {
        id: 9,
        deviceName: (body as { deviceName?: string }).deviceName ?? 'Chrome on Linux',
        createdAt: '2026-11-22T10:00:00Z',
        lastUsedAt: null,
      };
      state.passkeys = [...state.passkeys, passkey];
      return { status: 201, body: { passkey } };
    };
    const setup = routes['POST /api/auth/2fa/setup'] as StubAnswer;
    routes['POST /api/auth/2fa/setup'] = untilConfirmed(() => setup);
    for (const passkey of state.passkeys) {
      const key = `DELETE /api/auth/passkey/${passkey.id}`;
      const remove = routes[key] as (request: StubRequest) => StubAnswer;
      routes[key] = untilConfirmed(remove);
    }
    return { routes, state, server };
  }

  const confirmDialog = () => screen.findByRole('dialog', { name: 'Confirm it’s you' });
  const count = (calls: StubRequest[], method: string, url: string) =>
    calls.filter((c) => c.method === method && c.url === url).length;

  it('asks for the password when adding a passkey is refused, then adds it without another click', async () => {
    const create = stubPasskeyCreation();
    const { routes } = staleSessionServer();
    const { user, calls } = open(routes);
    const section = await region('Passkeys');
    await user.click(await within(section).findByRole('button', { name: 'Add a passkey' }));
    await user.type(within(section).getByLabelText('Passkey name'), 'Work laptop');
    await user.click(within(section).getByRole('button', { name: 'Create passkey' }));

    const dialog = await confirmDialog();
    expect(dialog).toHaveAccessibleDescription(/Enter your password to continue/);
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();
    expect(create).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Password'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const list = await within(section).findByRole('list', { name: 'Passkeys' });
    expect(await within(list).findByText('Work laptop')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/reauthenticate')?.body).toEqual({ password: PASSWORD });
    expect(count(calls, 'POST', '/api/auth/passkey/register/options')).toBe(2);
    expect(count(calls, 'POST', '/api/auth/passkey/register/verify')).toBe(1);
    expect(create).toHaveBeenCalledTimes(1);
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a wrong password in the dialog, and Cancel leaves everything as it was', async () => {
    const create = stubPasskeyCreation();
    const { routes, state } = staleSessionServer();
    const { user, calls } = open(routes);
    const section = await region('Passkeys');
    await user.click(await within(section).findByRole('button', { name: 'Add a passkey' }));
    await user.click(within(section).getByRole('button', { name: 'Create passkey' }));

    const dialog = await confirmDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('Enter your password')).toBeInTheDocument();
    expect(count(calls, 'POST', '/api/auth/reauthenticate')).toBe(0);

    await user.type(within(dialog).getByLabelText('Password'), 'not my password');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The password is not correct');
    expect(screen.getByRole('dialog', { name: 'Confirm it’s you' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sign in again' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // No error, the form still open, nothing added, and nothing tried again.
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Create passkey' })).toBeEnabled();
    expect(within(section).getByText('No passkeys yet')).toBeInTheDocument();
    expect(state.passkeys).toEqual([]);
    expect(count(calls, 'POST', '/api/auth/passkey/register/options')).toBe(1);
    expect(create).not.toHaveBeenCalled();
  });

  it('asks before deleting a passkey and before setting up two-factor, then goes on', async () => {
    const { routes } = staleSessionServer({
      passkeys: [{ id: 8, deviceName: 'Pixel phone', createdAt: '2026-10-02T08:00:00Z', lastUsedAt: null }],
    });
    const { user, calls } = open(routes);
    const passkeys = await region('Passkeys');
    await user.click(await within(passkeys).findByRole('button', { name: 'Delete Pixel phone' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this passkey?' })).getByRole('button', { name: 'Delete' }),
    );

    const dialog = await confirmDialog();
    await user.type(within(dialog).getByLabelText('Password'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(passkeys).queryByText('Pixel phone')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(count(calls, 'DELETE', '/api/auth/passkey/8')).toBe(2);

    // Confirmed now: two-factor setup goes through without asking again.
    const twoFactor = await region('Two-factor authentication');
    await user.click(within(twoFactor).getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(await within(twoFactor).findByLabelText('Setup key')).toHaveValue('JBSWY3DPEHPK3PXP');
    expect(count(calls, 'POST', '/api/auth/reauthenticate')).toBe(1);
  });

  it('asks before setting up two-factor; cancelling leaves the section as it was', async () => {
    const { routes } = staleSessionServer();
    const { user, calls } = open(routes);
    const twoFactor = await region('Two-factor authentication');
    const start = await within(twoFactor).findByRole('button', { name: 'Set up two-factor authentication' });
    await user.click(start);
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(twoFactor).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(twoFactor).getByRole('button', { name: 'Set up two-factor authentication' })).toBeEnabled();

    await user.click(within(twoFactor).getByRole('button', { name: 'Set up two-factor authentication' }));
    const dialog = await confirmDialog();
    await user.type(within(dialog).getByLabelText('Password'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(twoFactor).findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(count(calls, 'POST', '/api/auth/2fa/setup')).toBe(3);
  });
});
