import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildProject, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const TOKEN = 'a'.repeat(43);
const preview = {
  projectName: 'Travel Diaries',
  inviterName: 'Olivia Owner',
  role: 'client',
  expiresAt: '2030-01-08T00:00:00.000Z',
  state: 'pending',
  usable: true,
};

describe('the invitation page', () => {
  it('tells a guest what it is for and sends them to sign in or sign up', async () => {
    stubFetch({ [`GET /api/invitations/${TOKEN}`]: { body: preview } });
    renderApp(`/invite/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Join Travel Diaries' })).toBeInTheDocument();
    expect(screen.getByText(/Olivia Owner invites you as client/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });

  it('joins a signed-in person and opens the project', async () => {
    signIn();
    const routes = workspaceRoutes({ projects: [buildProject({ id: 7, name: 'Travel Diaries', role: 'client' })] });
    routes[`GET /api/invitations/${TOKEN}`] = { body: preview };
    routes[`POST /api/invitations/${TOKEN}/accept`] = { body: { projectId: 7, role: 'client' } };
    stubFetch(routes);
    renderApp(`/invite/${TOKEN}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Join Travel Diaries' }));
    await waitFor(() => expect(localStorage.getItem('currentProjectId')).toBe('7'));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('says why a used, withdrawn or expired link no longer works', async () => {
    stubFetch({ [`GET /api/invitations/${TOKEN}`]: { body: { ...preview, state: 'revoked', usable: false } } });
    renderApp(`/invite/${TOKEN}`);
    expect(await screen.findByText('This invitation was withdrawn.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
