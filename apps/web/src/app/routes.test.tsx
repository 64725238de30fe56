import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

/** The pages of spec section 2 that require a session; /video/:id opened for video 5. */
const PROTECTED_PATHS = [
  '/',
  '/videos',
  '/dashboard',
  '/posts',
  '/video/5',
  '/activity',
  '/schedule',
  '/planning',
  '/accounts',
  '/project-settings',
  '/security',
  '/analytics',
];

describe('routes and guard', () => {
  it.each(PROTECTED_PATHS)('sends a guest who opens %s to login', async (path) => {
    const { calls } = stubFetch(workspaceRoutes());
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    // Nothing behind the sign-in was asked for on the guest's behalf.
    expect(calls.filter((c) => c.url !== '/api/config')).toEqual([]);
  });

  it.each([
    ['/posts', 'My Posts'],
    ['/schedule', 'Schedule'],
    ['/planning', 'Planning'],
    ['/analytics', 'Analytics'],
  ])('shows a signed-in user the page at %s with its heading %s', async (path, heading) => {
    signIn();
    stubFetch(workspaceRoutes());
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('sends a visitor without a token from the library to login', async () => {
    stubFetch(workspaceRoutes());
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in user from login and signup to home', async () => {
    signIn();
    stubFetch(workspaceRoutes());
    const { router } = renderApp('/signup');
    expect(await screen.findByRole('heading', { name: 'Videos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets guests and signed-in users alike finish an identity-provider sign-in at /login/oidc-callback', async () => {
    stubFetch(workspaceRoutes());
    const guest = renderApp('/login/oidc-callback');
    expect(await screen.findByRole('heading', { name: 'Sign-in failed' })).toBeInTheDocument();
    expect(guest.router.state.location.pathname).toBe('/login/oidc-callback');
    guest.unmount();

    signIn();
    const member = renderApp('/login/oidc-callback');
    expect(await screen.findByRole('heading', { name: 'Sign-in failed' })).toBeInTheDocument();
    expect(member.router.state.location.pathname).toBe('/login/oidc-callback');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows the landing page to everyone, without header or sidebar', async () => {
    stubFetch(workspaceRoutes());
    renderApp('/landing');
    expect(await screen.findAllByText('Keine Kreditkarte erforderlich')).not.toHaveLength(0);
    for (const figure of ['5+', '∞', '100%']) expect(screen.getByText(figure)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows a not-found screen inside the shell for unknown paths such as /some/unknown', async () => {
    signIn();
    stubFetch(workspaceRoutes());
    renderApp('/some/unknown');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my videos' })).toHaveAttribute('href', '/dashboard');
  });

  it('after a 401 forgets the session and goes to login', async () => {
    signIn();
    const routes = workspaceRoutes();
    routes['GET /api/auth/me'] = { status: 401, body: { error: 'Session expired', code: 'unauthorized' } };
    stubFetch(routes);
    const { router } = renderApp('/accounts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('signs out when GET /auth/me fails with a server error too', async () => {
    signIn();
    const routes = workspaceRoutes();
    routes['GET /api/auth/me'] = { status: 500, body: { error: 'Something went wrong', code: 'internal_error' } };
    stubFetch(routes);
    const { router } = renderApp('/accounts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
