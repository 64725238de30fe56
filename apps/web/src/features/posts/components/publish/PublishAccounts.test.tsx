import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildConnection, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { buildPost } from '@/test/post-factories';
import { renderApp } from '@/test/render-app';
import { routesWith } from './panel-test-support';

describe('publishing to one of several accounts of a platform', () => {
  it('shows one card for the platform, lets the person pick the accounts, and posts to each one picked', async () => {
    signIn();
    const routes = routesWith(['youtube']);
    routes['GET /api/connections?project_id=1'] = {
      body: {
        connections: [
          buildConnection('youtube', { id: 71, accountName: 'Cooking channel' }),
          buildConnection('youtube', { id: 72, accountId: 'youtube-account-2', accountName: 'Travel channel' }),
        ],
      },
    };
    routes['POST /api/videos/31/posts'] = {
      status: 201,
      body: { posts: [buildPost('youtube', { videoId: 31, connectionId: 72, accountName: 'Travel channel' })] },
    };
    const { calls } = stubFetch(routes);
    renderApp('/video/31');
    const form = within(await screen.findByRole('form', { name: 'Publish Street food tour' }));
    expect(form.getAllByRole('checkbox', { name: 'YouTube' })).toHaveLength(1);
    await userEvent.click(form.getByRole('checkbox', { name: 'YouTube' }));

    const accounts = within(form.getByRole('group', { name: 'YouTube accounts' }));
    // The first account is chosen to start with; the person picks the other instead.
    expect(accounts.getByRole('checkbox', { name: 'Cooking channel' })).toBeChecked();
    expect(accounts.getByRole('checkbox', { name: 'Travel channel' })).not.toBeChecked();
    await userEvent.click(accounts.getByRole('checkbox', { name: 'Travel channel' }));
    await userEvent.click(accounts.getByRole('checkbox', { name: 'Cooking channel' }));

    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    const posted = () => calls.filter((c) => c.method === 'POST' && c.url === '/api/videos/31/posts');
    await waitFor(() => expect(posted()).toHaveLength(1));
    const { targets } = posted()[0]!.body as { targets: { platform: string; connectionId?: number }[] };
    expect(targets.map((t) => [t.platform, t.connectionId])).toEqual([['youtube', 72]]);
  });
});
