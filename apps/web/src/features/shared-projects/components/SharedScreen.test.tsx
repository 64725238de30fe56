import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildProject, buildVideo, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const projects = [
  buildProject({ id: 1, name: 'Travel Diaries', initials: 'TD', video_count: 3 }),
  buildProject({
    id: 2,
    name: 'Acme Launch',
    initials: 'AL',
    video_count: 2,
    role: 'editor',
    ownerName: 'Olivia Owner',
  }),
];

function start(path: string) {
  signIn();
  stubFetch(
    workspaceRoutes({
      projects,
      videos: [buildVideo({ projectId: 1, title: 'Lisbon' }), buildVideo({ projectId: 2, title: 'Launch teaser' })],
    }),
  );
  renderApp(path);
  return userEvent.setup();
}

describe('projects shared with the person', () => {
  it('lists them on Shared with the role and whose they are, and opens one as the active workspace', async () => {
    const user = start('/shared');
    const list = await screen.findByRole('list', { name: 'Projects shared with you' }, { timeout: 15_000 });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Acme Launch');
    expect(items[0]).toHaveTextContent('2 videos · editor · Olivia Owner’s');
    expect(screen.queryByRole('heading', { name: 'No projects are shared with you' })).toBeNull();

    await user.click(within(items[0]!).getByRole('button', { name: 'Open Acme Launch' }));
    expect(localStorage.getItem('currentProjectId')).toBe('2');
    expect(await screen.findByRole('article', { name: 'Launch teaser' })).toBeInTheDocument();
  });

  it('shows them apart in the project switcher, with the role under the name', async () => {
    const user = start('/dashboard');
    const aside = await screen.findByRole('complementary', { name: 'Sidebar' });
    await user.click(await within(aside).findByRole('button', { name: /^Active workspace: Travel Diaries/ }));
    const menu = within(aside).getByRole('menu');
    expect(within(menu).getByText('Shared with you')).toBeInTheDocument();
    const shared = within(menu).getByRole('menuitem', { name: /Acme Launch/ });
    expect(shared).toHaveTextContent('2 videos · editor · Olivia Owner’s');
    await user.click(shared);
    expect(
      await within(aside).findByRole('button', { name: /^Active workspace: Acme Launch 2 videos · editor/ }),
    ).toBeInTheDocument();
  });
});
