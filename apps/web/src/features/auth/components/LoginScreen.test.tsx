import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildUser } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const user = buildUser();

describe('login', () => {
  it('checks the fields before calling the server', async () => {
    const { calls } = stubFetch(workspaceRoutes());
    renderApp('/login');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your username or e-mail')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/auth/login')).toBe(false);
  });

  it("shows the server's error, or 'Login failed' when it gives none", async () => {
    const routes = workspaceRoutes();
    let answer: { status: number; body?: unknown } = {
      status: 401,
      body: { error: 'Wrong username or password', code: 'bad' },
    };
    routes['POST /api/auth/login'] = () => answer;
    stubFetch(routes);
    renderApp('/login');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Username or e-mail'), 'mia');
    await u.type(screen.getByLabelText('Password'), 'not the password');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password');

    answer = { status: 500 };
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Login failed'));
  });

  it("stays signed out after a refused login and shows 'Login failed' when the answer has no error", async () => {
    const routes = workspaceRoutes();
    routes['POST /api/auth/login'] = { status: 400, body: { code: 'bad_request' } };
    const { calls } = stubFetch(routes);
    const { router } = renderApp('/login');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Username or e-mail'), 'mia');
    await u.type(screen.getByLabelText('Password'), 'not the password');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
    expect(calls.filter((c) => c.url === '/api/auth/login')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('asks for the 6-digit code when the server requires it, or a backup code', async () => {
    const routes = workspaceRoutes();
    routes['POST /api/auth/login'] = ({ body }) => {
      const b = body as { twoFactorToken?: string; isBackupCode?: boolean };
      if (!b.twoFactorToken) return { body: { requires2FA: true, userId: user.id } };
      return b.isBackupCode && b.twoFactorToken === 'ab12-cd34'
        ? { body: { token: 'fresh-token', user } }
        : { status: 401, body: { error: 'Invalid code', code: 'invalid_2fa' } };
    };
    const { calls } = stubFetch(routes);
    const { router } = renderApp('/login');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Username or e-mail'), 'mia@example.com');
    await u.type(screen.getByLabelText('Password'), 'correct horse battery');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    await u.type(screen.getByLabelText('6-digit code'), '12a3');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Use a backup code' }));
    await u.type(screen.getByLabelText('Backup code'), 'ab12-cd34');
    await u.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((c) => c.url === '/api/auth/login').at(-1)?.body).toEqual({
      identifier: 'mia@example.com',
      password: 'correct horse battery',
      twoFactorToken: 'ab12-cd34',
      isBackupCode: true,
    });
    expect(localStorage.getItem('auth_token')).toBe('fresh-token');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user);
  });

  it('shows passkey and identity-provider buttons only when the server offers them', async () => {
    const routes = workspaceRoutes();
    routes['GET /api/config'] = {
      body: {
        productName: 'Example Studio',
        signIn: { passkeys: true, identityProviders: [{ id: 'google', name: 'Google' }] },
        uploads: { maxBytes: 4 * 1024 ** 3 },
      },
    };
    stubFetch(routes);
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByText('Example Studio')).toBeInTheDocument();
  });
});
