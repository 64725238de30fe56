import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildProject, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const projects = [
  buildProject({ id: 1, name: 'Travel Diaries', initials: 'TD' }),
  buildProject({ id: 2, name: 'Kitchen Lab' }),
];

describe('project settings', () => {
  it('renames the current project, suggesting new initials', async () => {
    signIn();
    const routes = workspaceRoutes({ projects });
    routes['PATCH /api/projects/1'] = ({ body }) => ({ body: { ...projects[0], ...(body as object) } });
    const { calls } = stubFetch(routes);
    renderApp('/project-settings');
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Project name');
    await user.clear(name);
    await user.type(name, 'summer roads');
    expect(screen.getByLabelText('Initials')).toHaveValue('SR');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'summer roads',
      initials: 'SR',
      color1: '#3b82f6',
      color2: '#9333ea',
    });
  });

  it('deletes the project only after its name is typed, then switches to another one', async () => {
    signIn();
    const routes = workspaceRoutes({ projects });
    routes['DELETE /api/projects/1'] = { body: { ok: true } };
    const { calls } = stubFetch(routes);
    renderApp('/project-settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete project' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Travel Diaries?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete project' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText(/to confirm/), 'Travel Diaries');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/projects/1')).toBe(true));
    await waitFor(() => expect(localStorage.getItem('currentProjectId')).toBe('2'));
  });

  it.each([
    [1, 'Deletes Travel Diaries with its 1 video and its connected accounts. This cannot be undone.'],
    [4, 'Deletes Travel Diaries with its 4 videos and its connected accounts. This cannot be undone.'],
    [0, 'Deletes Travel Diaries and its connected accounts. This cannot be undone.'],
  ])('says what deleting takes with it for a project with %i video(s)', async (count, text) => {
    signIn();
    stubFetch(workspaceRoutes({ projects: [buildProject({ id: 1, name: 'Travel Diaries', video_count: count })] }));
    renderApp('/project-settings');
    const section = await screen.findByRole('region', { name: 'Delete project' });
    expect(within(section).getByText(text)).toBeInTheDocument();
  });
});
