import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

describe('main navigation', () => {
  it("links Planning after Schedule, keeping the spec's links and their order, and opens the board", async () => {
    signIn();
    const routes = workspaceRoutes();
    routes['GET /api/ideas?project_id=1'] = { body: { ideas: [] } };
    stubFetch(routes);
    const { router } = renderApp('/accounts');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Activity',
      'My Posts',
      'My Videos',
      'Schedule',
      'Planning',
      'Analytics',
      'Accounts',
      'Project Settings',
    ]);
    const planning = within(nav).getByRole('link', { name: 'Planning' });
    expect(planning).toHaveAttribute('href', '/planning');
    await userEvent.click(planning);
    expect(await screen.findByRole('heading', { name: 'Planning', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/planning');
    expect(within(nav).getByRole('link', { name: 'Planning' })).toHaveAttribute('aria-current', 'page');
  });
});
