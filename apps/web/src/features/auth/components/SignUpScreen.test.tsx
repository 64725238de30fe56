import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildUser } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

describe('sign-up', () => {
  it('validates inline, registers, stores the session and goes home', async () => {
    const user = buildUser();
    const routes = workspaceRoutes();
    routes['POST /api/auth/register'] = { status: 201, body: { token: 'new-token', user } };
    const { calls } = stubFetch(routes);
    const { router } = renderApp('/signup');
    const u = userEvent.setup();

    await u.type(await screen.findByLabelText('Full name'), 'Mia Becker');
    await u.type(screen.getByLabelText('E-mail'), 'mia@example.com');
    await u.type(screen.getByLabelText('Username'), 'mia.creates');
    await u.type(screen.getByLabelText('Password'), 'too short');
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Password must be at least 12 characters')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await u.type(screen.getByLabelText('Password'), ' but longer');
    await u.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((c) => c.url === '/api/auth/register')?.body).toEqual({
      fullName: 'Mia Becker',
      email: 'mia@example.com',
      username: 'mia.creates',
      password: 'too short but longer',
    });
    expect(localStorage.getItem('auth_token')).toBe('new-token');
  });

  it("shows the server's error, or 'Registration failed'", async () => {
    const routes = workspaceRoutes();
    routes['POST /api/auth/register'] = {
      status: 409,
      body: { error: 'That username is taken', code: 'username_taken' },
    };
    stubFetch(routes);
    renderApp('/signup');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Full name'), 'Mia');
    await u.type(screen.getByLabelText('E-mail'), 'mia@example.com');
    await u.type(screen.getByLabelText('Username'), 'mia');
    await u.type(screen.getByLabelText('Password'), 'a long enough password');
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That username is taken');
  });

  it("shows 'Registration failed' when the server's answer has no error, and stays signed out", async () => {
    const routes = workspaceRoutes();
    routes['POST /api/auth/register'] = { status: 500, body: { code: 'internal' } };
    const { calls } = stubFetch(routes);
    const { router } = renderApp('/signup');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Full name'), 'Mia');
    await u.type(screen.getByLabelText('E-mail'), 'mia@example.com');
    await u.type(screen.getByLabelText('Username'), 'mia');
    await u.type(screen.getByLabelText('Password'), 'a long enough password');
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
    expect(calls.some((c) => c.url === '/api/auth/register')).toBe(true);
    expect(router.state.location.pathname).toBe('/signup');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});
