import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildUser } from '@/test/factories';
import { stubFetch, type StubRoutes } from '@/test/fetch-stub';
import { stubLocationAssign } from '@/test/location-stub';
import { renderApp } from '@/test/render-app';
import { base64url, stubWebAuthn } from '@/test/webauthn-stub';

const user = buildUser();
const OPTIONS = '/api/auth/passkey/authenticate/options';
const VERIFY = '/api/auth/passkey/authenticate/verify';

/** A server with passkeys and one identity provider; each challenge gets its own key (ck-1, ck-2, …). */
function signInRoutes(): StubRoutes {
  const routes = workspaceRoutes();
  routes['GET /api/config'] = {
    body: {
      productName: 'Fanout',
      signIn: { passkeys: true, identityProviders: [{ id: 'google', name: 'Google' }] },
      uploads: { maxBytes: 4 * 1024 ** 3 },
    },
  };
  let challenges = 0;
  routes[`POST ${OPTIONS}`] = () => {
    challenges += 1;
    return {
      body: {
        challenge: base64url(`challenge-${challenges}`),
        rpId: 'localhost',
        timeout: 60_000,
        userVerification: 'preferred',
        challengeKey: `ck-${challenges}`,
      },
    };
  };
  routes[`POST ${VERIFY}`] = { body: { token: 'passkey-token', user } };
  return routes;
}

afterEach(() => sessionStorage.clear());

describe('sign in with a passkey', () => {
  it('asks for a challenge for what is typed, signs it with the passkey and goes where the user was headed', async () => {
    const webauthn = stubWebAuthn();
    const { calls } = stubFetch(signInRoutes());
    const { router } = renderApp('/accounts');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Username or e-mail'), ' mia@example.com ');
    await u.click(await screen.findByRole('button', { name: 'Use a passkey' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts'));
    expect(calls.find((c) => c.url === OPTIONS)?.body).toEqual({
      email: 'mia@example.com',
      username: 'mia@example.com',
    });
    expect(webauthn.requests).toHaveLength(1);
    expect(webauthn.requests[0]!.mediation).toBeUndefined();
    const verify = calls.filter((c) => c.url === VERIFY);
    expect(verify).toHaveLength(1);
    expect(verify[0]!.body).toMatchObject({
      challengeKey: 'ck-1',
      response: {
        id: base64url('passkey-1'),
        rawId: base64url('passkey-1'),
        type: 'public-key',
        response: { signature: base64url('signature'), userHandle: base64url('user-7') },
      },
    });
    expect(localStorage.getItem('auth_token')).toBe('passkey-token');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
  });

  it('sends empty identifiers when nothing is typed (the passkey names the account)', async () => {
    stubWebAuthn();
    const { calls } = stubFetch(signInRoutes());
    const { router } = renderApp('/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((c) => c.url === OPTIONS)?.body).toEqual({ email: '', username: '' });
  });

  it("shows the server's error when the passkey is refused, and stays signed out", async () => {
    stubWebAuthn();
    const routes = signInRoutes();
    routes[`POST ${VERIFY}`] = {
      status: 401,
      body: { error: 'This passkey is not registered here', code: 'passkey_unknown' },
    };
    stubFetch(routes);
    const { router } = renderApp('/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Use a passkey' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This passkey is not registered here');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeEnabled();
  });

  it('shows a calm note, not an error, when the browser prompt is closed', async () => {
    const webauthn = stubWebAuthn();
    webauthn.answerModal = 'cancel';
    const { calls } = stubFetch(signInRoutes());
    renderApp('/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Use a passkey' }));

    expect(await screen.findByText('No passkey was used. Try again, or sign in with your password.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === VERIFY)).toBe(false);
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('says so when the browser cannot use passkeys at all', async () => {
    const { calls } = stubFetch(signInRoutes());
    renderApp('/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Use a passkey' }));
    expect(
      await screen.findByText('This browser cannot sign in with a passkey. Sign in with your password instead.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.url === OPTIONS)).toBe(false);
  });
});

describe('passkeys in the username autofill', () => {
  it('offers passkeys in the username field and signs in with the one picked there', async () => {
    const webauthn = stubWebAuthn({ autofill: true });
    const { calls } = stubFetch(signInRoutes());
    const { router } = renderApp('/login');
    expect(await screen.findByLabelText('Username or e-mail')).toHaveAttribute('autocomplete', 'username webauthn');
    await waitFor(() => expect(webauthn.autofillWaiting).toBe(true));
    expect(webauthn.requests[0]!.mediation).toBe('conditional');
    expect(calls.find((c) => c.url === OPTIONS)?.body).toEqual({});

    webauthn.pickFromAutofill();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((c) => c.url === VERIFY).map((c) => (c.body as { challengeKey: string }).challengeKey)).toEqual(
      ['ck-1'],
    );
    expect(localStorage.getItem('auth_token')).toBe('passkey-token');
  });

  it('gives way to the button quietly: the autofill request is cancelled without an error', async () => {
    const webauthn = stubWebAuthn({ autofill: true });
    const { calls } = stubFetch(signInRoutes());
    const { router } = renderApp('/login');
    await waitFor(() => expect(webauthn.autofillWaiting).toBe(true));

    await userEvent.setup().click(screen.getByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(webauthn.requests[0]!.signal?.aborted).toBe(true);
    expect(calls.filter((c) => c.url === VERIFY).map((c) => (c.body as { challengeKey: string }).challengeKey)).toEqual(
      ['ck-2'],
    );
  });

  it('offers autofill again after a closed prompt, and shows only the calm note', async () => {
    const webauthn = stubWebAuthn({ autofill: true });
    webauthn.answerModal = 'cancel';
    stubFetch(signInRoutes());
    renderApp('/login');
    await waitFor(() => expect(webauthn.autofillWaiting).toBe(true));

    await userEvent.setup().click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText(/No passkey was used/)).toBeInTheDocument();
    await waitFor(() => expect(webauthn.autofillWaiting).toBe(true));
    expect(webauthn.requests.map((r) => r.mediation)).toEqual(['conditional', undefined, 'conditional']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stops offering passkeys when the sign-in screen closes', async () => {
    const webauthn = stubWebAuthn({ autofill: true });
    stubFetch(signInRoutes());
    const { router } = renderApp('/login');
    await waitFor(() => expect(webauthn.autofillWaiting).toBe(true));
    await userEvent.setup().click(screen.getByRole('link', { name: 'Create an account' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
    expect(webauthn.requests[0]!.signal?.aborted).toBe(true);
  });
});

describe('sign in with an identity provider', () => {
  it('asks the server to start, keeps the state for the way back and sends the window to the provider', async () => {
    const assign = stubLocationAssign();
    const routes = signInRoutes();
    routes['POST /api/auth/google/start'] = {
      body: {
        authorizationUrl: 'https://accounts.example.test/authorize?client_id=abc&state=st-1',
        redirectUri: 'http://localhost/login/oidc-callback',
        state: 'st-1',
        nonce: 'n-1',
        clientId: 'abc',
      },
    };
    const { calls } = stubFetch(routes);
    renderApp('/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Google' }));

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://accounts.example.test/authorize?client_id=abc&state=st-1'),
    );
    expect(calls.filter((c) => c.url === '/api/auth/google/start')).toHaveLength(1);
    expect(JSON.parse(sessionStorage.getItem('identity_provider_sign_in')!)).toEqual({
      provider: 'google',
      state: 'st-1',
    });
  });

  it("shows the server's error when the provider cannot be reached", async () => {
    const assign = stubLocationAssign();
    const routes = signInRoutes();
    routes['POST /api/auth/google/start'] = {
      status: 503,
      body: { error: 'Google cannot be reached right now', code: 'identity_provider_unavailable' },
    };
    stubFetch(routes);
    renderApp('/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google cannot be reached right now');
    expect(assign).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('identity_provider_sign_in')).toBeNull();
  });
});
