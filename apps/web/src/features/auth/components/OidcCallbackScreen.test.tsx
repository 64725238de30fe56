import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildUser, signIn } from '@/test/factories';
import { stubFetch, type StubAnswer, type StubRoutes } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { renderStrictApp } from '@/test/render-strict-app';

const user = buildUser();
const SIGN_IN = '/api/auth/google';
const SECOND_FACTOR = '/api/auth/google/2fa';
const CALLBACK = '/login/oidc-callback';

function callbackRoutes(answer: StubAnswer = { body: { token: 'idp-token', user } }, providerName = 'Google') {
  const routes: StubRoutes = workspaceRoutes();
  routes['GET /api/config'] = {
    body: {
      productName: 'Fanout',
      signIn: { passkeys: false, identityProviders: [{ id: 'google', name: providerName }] },
      uploads: { maxBytes: 4 * 1024 ** 3 },
    },
  };
  routes[`POST ${SIGN_IN}`] = answer;
  return routes;
}

/** What the login screen keeps before it sends the window to the provider. */
function startedSignIn(state = 'st-1') {
  sessionStorage.setItem('identity_provider_sign_in', JSON.stringify({ provider: 'google', state }));
}

afterEach(() => sessionStorage.clear());

describe('identity-provider callback', () => {
  it('posts the ID token with its state, stores the session and opens the library without the token in the address', async () => {
    startedSignIn();
    const { calls } = stubFetch(callbackRoutes());
    const { router } = renderApp(`${CALLBACK}#id_token=header.payload.signature&state=st-1`);

    expect(await screen.findByRole('heading', { name: 'Videos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.hash).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calls.filter((c) => c.url === SIGN_IN).map((c) => c.body)).toEqual([
      { credential: 'header.payload.signature', state: 'st-1' },
    ]);
    expect(localStorage.getItem('auth_token')).toBe('idp-token');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
    // The state is good for one answer only.
    expect(sessionStorage.getItem('identity_provider_sign_in')).toBeNull();
  });

  it('posts only once under StrictMode', async () => {
    startedSignIn();
    const { calls } = stubFetch(callbackRoutes());
    const { router } = renderStrictApp(`${CALLBACK}#id_token=jwt&state=st-1`);
    expect(await screen.findByRole('heading', { name: 'Videos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(calls.filter((c) => c.url === SIGN_IN)).toHaveLength(1);
  });

  it('refuses an answer whose state is not the one this tab started with', async () => {
    startedSignIn('st-1');
    const { calls } = stubFetch(callbackRoutes());
    const { router } = renderApp(`${CALLBACK}#id_token=jwt&state=st-forged`);

    expect(await screen.findByRole('heading', { name: 'Sign-in failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/^Google login failed/);
    expect(calls.some((c) => c.url === SIGN_IN)).toBe(false);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(router.state.location.hash).toBe('');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's error when it refuses the ID token", async () => {
    startedSignIn();
    stubFetch(
      callbackRoutes({
        status: 401,
        body: {
          error: 'Google login failed: your Google e-mail address is not verified',
          code: 'identity_provider_email_unverified',
        },
      }),
    );
    renderApp(`${CALLBACK}#id_token=jwt&state=st-1`);
    expect(await screen.findByRole('heading', { name: 'Sign-in failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Google login failed: your Google e-mail address is not verified',
    );
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it("falls back to '<provider> login failed' when the server gives no reason", async () => {
    startedSignIn();
    stubFetch(callbackRoutes({ status: 500 }, 'Example ID'));
    renderApp(`${CALLBACK}#id_token=jwt&state=st-1`);
    expect(await screen.findByRole('heading', { name: 'Sign-in failed' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Example ID login failed$/));
  });

  it("shows the provider's own error and posts nothing", async () => {
    startedSignIn();
    const { calls } = stubFetch(callbackRoutes());
    renderApp(`${CALLBACK}#error=access_denied&error_description=The+user+denied+access&state=st-1`);
    expect(await screen.findByRole('heading', { name: 'Sign-in failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Google login failed: The user denied access');
    expect(calls.some((c) => c.url === SIGN_IN)).toBe(false);
  });

  it('finishes for a browser that already holds a session, without signing it out on failure', async () => {
    signIn(buildUser({ id: 3, username: 'other' }), 'older-token');
    startedSignIn();
    const { calls } = stubFetch(
      callbackRoutes({ status: 401, body: { error: 'Google login failed: token expired', code: 'x' } }),
    );
    const { router } = renderApp(`${CALLBACK}#id_token=jwt&state=st-1`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Google login failed: token expired');
    expect(router.state.location.pathname).toBe(CALLBACK);
    expect(localStorage.getItem('auth_token')).toBe('older-token');
    expect(calls.find((c) => c.url === SIGN_IN)?.headers.get('authorization')).toBeNull();
  });

  describe('for an account with two-factor authentication on', () => {
    const TICKET = 'ticket-1';

    /** The sign-in answers with a ticket; the second call takes `123456` or the backup code `ab12c-de34f`. */
    function twoFactorRoutes() {
      const routes = callbackRoutes({ body: { requires2FA: true, challengeKey: TICKET } });
      routes[`POST ${SECOND_FACTOR}`] = ({ body }) => {
        const b = body as { challengeKey: string; twoFactorToken: string; isBackupCode?: boolean };
        const good = b.isBackupCode ? b.twoFactorToken === 'ab12c-de34f' : b.twoFactorToken === '123456';
        return b.challengeKey === TICKET && good
          ? { body: { token: 'idp-2fa-token', user } }
          : {
              status: 401,
              body: {
                error: 'That code is not valid. Check your authenticator app or backup code and try again.',
                code: 'invalid_two_factor_code',
              },
            };
      };
      return routes;
    }

    it('asks for the code, refuses a wrong one, and signs in with the right one', async () => {
      startedSignIn();
      const { calls } = stubFetch(twoFactorRoutes());
      const { router } = renderApp(`${CALLBACK}#id_token=jwt&state=st-1`);
      const u = userEvent.setup();

      expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
      expect(localStorage.getItem('auth_token')).toBeNull();
      expect(router.state.location.hash).toBe('');

      await u.type(screen.getByLabelText('6-digit code'), '12a3');
      await u.click(screen.getByRole('button', { name: 'Verify' }));
      expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
      expect(calls.some((c) => c.url === SECOND_FACTOR)).toBe(false);

      await u.clear(screen.getByLabelText('6-digit code'));
      await u.type(screen.getByLabelText('6-digit code'), '654321');
      await u.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid.');
      expect(localStorage.getItem('auth_token')).toBeNull();
      expect(router.state.location.pathname).toBe(CALLBACK);

      await u.clear(screen.getByLabelText('6-digit code'));
      await u.type(screen.getByLabelText('6-digit code'), '123456');
      await u.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('heading', { name: 'Videos' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
      expect(calls.filter((c) => c.url === SIGN_IN)).toHaveLength(1);
      expect(calls.filter((c) => c.url === SECOND_FACTOR).map((c) => c.body)).toEqual([
        { challengeKey: TICKET, twoFactorToken: '654321', isBackupCode: false },
        { challengeKey: TICKET, twoFactorToken: '123456', isBackupCode: false },
      ]);
      expect(localStorage.getItem('auth_token')).toBe('idp-2fa-token');
      expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
    });

    it('takes a backup code instead', async () => {
      startedSignIn();
      const { calls } = stubFetch(twoFactorRoutes());
      const { router } = renderApp(`${CALLBACK}#id_token=jwt&state=st-1`);
      const u = userEvent.setup();
      await u.click(await screen.findByRole('button', { name: 'Use a backup code' }));
      await u.type(screen.getByLabelText('Backup code'), 'ab12c-de34f');
      await u.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(calls.filter((c) => c.url === SECOND_FACTOR).map((c) => c.body)).toEqual([
        { challengeKey: TICKET, twoFactorToken: 'ab12c-de34f', isBackupCode: true },
      ]);
      expect(localStorage.getItem('auth_token')).toBe('idp-2fa-token');
    });

    it('keeps a session the browser already holds through a wrong code, and goes back to sign in', async () => {
      signIn(buildUser({ id: 3, username: 'other' }), 'older-token');
      startedSignIn();
      const { calls } = stubFetch(twoFactorRoutes());
      const { router } = renderApp(`${CALLBACK}#id_token=jwt&state=st-1`);
      const u = userEvent.setup();
      await u.type(await screen.findByLabelText('6-digit code'), '000000');
      await u.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid.');
      expect(localStorage.getItem('auth_token')).toBe('older-token');
      expect(calls.find((c) => c.url === SECOND_FACTOR)?.headers.get('authorization')).toBeNull();

      await u.click(screen.getByRole('button', { name: 'Back to sign in' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    });
  });
});
