import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildProject, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

describe('connected accounts', () => {
  it("lists the six platforms with their subtitles and the current project's connections", async () => {
    signIn();
    stubFetch(workspaceRoutes({ platforms: ['youtube'] }));
    renderApp('/accounts');
    const list = await screen.findByRole('list', { name: 'Platforms' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual([
      'Instagram',
      'TikTok',
      'YouTube',
      'Facebook',
      'X (Twitter)',
      'Reddit',
    ]);
    expect(within(rows[4]!).getByText('Tweet with Video')).toBeInTheDocument();
    expect(await within(rows[2]!).findByText('Connected')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Not connected')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Connect' })).toBeDisabled();
  });

  it('names all six platforms with their labels and subtitles, each connected by its key', async () => {
    signIn();
    stubFetch(workspaceRoutes({ platforms: ['instagram', 'tiktok', 'youtube', 'facebook', 'x', 'reddit'] }));
    renderApp('/accounts');
    const list = await screen.findByRole('list', { name: 'Platforms' });
    const rows = within(list).getAllByRole('listitem');
    await within(rows[0]!).findByText('Connected');
    expect(
      rows.map((row) => [
        within(row).getByRole('heading').textContent,
        within(row).getByRole('heading').nextElementSibling?.textContent,
        within(row).queryByText('Connected') ? 'Connected' : 'Not connected',
      ]),
    ).toEqual([
      ['Instagram', 'Reels & Stories', 'Connected'],
      ['TikTok', 'Short Videos', 'Connected'],
      ['YouTube', 'Video Platform', 'Connected'],
      ['Facebook', 'Video Posts', 'Connected'],
      ['X (Twitter)', 'Tweet with Video', 'Connected'],
      ['Reddit', 'Video Posts', 'Connected'],
    ]);
  });

  it('shows the connections of the project switched to', async () => {
    signIn();
    const projects = [
      buildProject({ id: 1, name: 'Travel Diaries', initials: 'TD' }),
      buildProject({ id: 2, name: 'Kitchen Lab', initials: 'KL' }),
    ];
    const routes = workspaceRoutes({ projects, platforms: ['youtube'] });
    routes['GET /api/connected-platforms?project_id=2'] = { body: { platforms: ['instagram', 'reddit'] } };
    const { calls } = stubFetch(routes);
    renderApp('/accounts');
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Platforms' });
    const row = (name: string) => within(list).getByRole('heading', { name }).closest('li') as HTMLElement;
    expect(await within(row('YouTube')).findByText('Connected')).toBeInTheDocument();

    const aside = screen.getByRole('complementary', { name: 'Sidebar' });
    await user.click(within(aside).getByRole('button', { name: /^Active workspace: Travel Diaries/ }));
    await user.click(within(aside).getByRole('menuitem', { name: /Kitchen Lab/ }));

    expect(await screen.findByText('Kitchen Lab', { selector: 'main span' })).toBeInTheDocument();
    expect(await within(row('Instagram')).findByText('Connected')).toBeInTheDocument();
    expect(within(row('Reddit')).getByText('Connected')).toBeInTheDocument();
    expect(within(row('YouTube')).getByText('Not connected')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain('/api/connected-platforms?project_id=2');
  });
});
