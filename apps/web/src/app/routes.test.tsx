import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

describe('routes and guard', () => {
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

  it('shows a not-found screen inside the shell for unknown paths such as /recent', async () => {
    signIn();
    stubFetch(workspaceRoutes());
    renderApp('/recent');
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
});
