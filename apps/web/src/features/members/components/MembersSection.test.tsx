import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectMember } from '@fanout/contracts';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildProject, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const owner: ProjectMember = {
  userId: 1,
  name: 'Olivia Owner',
  email: 'olivia@example.com',
  role: 'owner',
  addedAt: '2026-01-01T00:00:00.000Z',
};
// The signed-in person of the fixtures (buildUser) is user 7.
const editor: ProjectMember = { ...owner, userId: 7, name: 'Eddie Editor', email: 'eddie@example.com', role: 'editor' };

describe('Members in Project Settings', () => {
  it('gives the owner the list with roles, invites by e-mail and shows the link to copy when it was not e-mailed', async () => {
    signIn();
    const routes = workspaceRoutes({ projects: [buildProject({ id: 1, name: 'Travel Diaries' })] });
    routes['GET /api/projects/1/members'] = { body: { members: [owner, editor] } };
    routes['GET /api/projects/1/invitations'] = { body: { invitations: [] } };
    routes['POST /api/projects/1/invitations'] = ({ body }) => ({
      status: 201,
      body: {
        emailed: false,
        invitation: {
          id: 9,
          ...(body as object),
          url: 'http://localhost/invite/abc',
          expiresAt: '2026-01-08T00:00:00.000Z',
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      },
    });
    const { calls } = stubFetch(routes);
    renderApp('/project-settings');
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getByText('Olivia Owner')).toBeInTheDocument();
    expect(within(list).getByLabelText('Role of Eddie Editor')).toHaveValue('editor');

    await user.type(screen.getByLabelText('E-mail address'), 'casey@example.com{Enter}');
    expect(await screen.findByLabelText('Invitation link')).toHaveValue('http://localhost/invite/abc');
    expect(screen.getByText(/was not e-mailed/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'casey@example.com', role: 'editor' });
  });

  it('shows a member the list without the controls, and lets them leave', async () => {
    signIn();
    const routes = workspaceRoutes({
      projects: [buildProject({ id: 1, name: 'Travel Diaries', role: 'editor', ownerName: 'Olivia Owner' })],
    });
    routes['GET /api/projects/1/members'] = { body: { members: [owner, editor] } };
    routes['DELETE /api/projects/1/members/7'] = { body: { ok: true } };
    const { calls } = stubFetch(routes);
    renderApp('/project-settings');
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Members' });
    expect(screen.getByText('Olivia Owner owns this project and manages who is in it.')).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail address')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete project' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/invitations'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Leave project' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/projects/1/members/7')).toBe(true),
    );
  });
});
