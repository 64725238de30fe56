import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProjectRole } from '@fanout/contracts';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildProject, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { buildPost } from '@/test/post-factories';
import { renderApp } from '@/test/render-app';

const FIRST_PAGE = 'GET /api/posts?project_id=1&limit=25';

const waiting = buildPost('tiktok', {
  id: 21,
  videoId: 5,
  videoTitle: 'Street food tour',
  status: 'awaiting_approval',
  scheduledAt: '2030-07-01T07:00:00.000Z',
});
const overdue = buildPost('youtube', {
  id: 22,
  videoId: 6,
  videoTitle: 'Harbour at dawn',
  status: 'awaiting_approval',
  scheduledAt: '2030-06-01T07:00:00.000Z',
  error: {
    code: 'approval_overdue',
    message: 'Its time passed while it waited for approval: approve it to publish it now, or give it a new time.',
    platformCode: null,
    platformMessage: null,
  },
});

async function openPosts(role: ProjectRole) {
  signIn();
  const routes = workspaceRoutes({ projects: [buildProject({ role, needsApproval: true })] });
  routes[FIRST_PAGE] = { body: { posts: [waiting, overdue], nextCursor: null } };
  routes['POST /api/posts/21/approve'] = { body: { post: { ...waiting, status: 'scheduled' } } };
  routes['POST /api/posts/22/request-changes'] = { body: { post: overdue } };
  routes['POST /api/posts/bulk/approve'] = {
    body: { posts: [{ ...waiting, status: 'scheduled' }], skipped: [{ id: 22, status: 'cancelled' }] },
  };
  const stub = stubFetch(routes);
  renderApp('/posts');
  await screen.findByRole('heading', { name: 'My Posts' });
  await screen.findByRole('rowheader', { name: 'Street food tour' });
  return { ...stub, user: userEvent.setup() };
}

const rowOf = (title: string) =>
  screen.getAllByRole('row').find((r) => within(r).queryByRole('rowheader', { name: title }))!;

describe('approval in My Posts', () => {
  it('says in words that a post awaits approval, or that its approval is overdue', async () => {
    await openPosts('editor');
    expect(within(rowOf('Street food tour')).getByText('Awaiting approval')).toBeInTheDocument();
    expect(within(rowOf('Harbour at dawn')).getByText('Approval overdue')).toBeInTheDocument();
    expect(within(rowOf('Harbour at dawn')).getByText(/Its time passed while it waited/)).toBeInTheDocument();
    // An editor waits: no approving, no bulk bar.
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Posts awaiting approval' })).not.toBeInTheDocument();
  });

  it('offers a reviewer or a client approving, never changing: no Edit, no Cancel post; an editor both', async () => {
    for (const role of ['reviewer', 'client'] as const) {
      await openPosts(role);
      const row = rowOf('Street food tour');
      expect(within(row).getByRole('button', { name: 'Approve' })).toBeVisible();
      expect(within(row).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
      expect(within(row).queryByRole('button', { name: 'Cancel post' })).not.toBeInTheDocument();
      // Importing makes posts; the exports only read them.
      expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
      cleanup();
    }
    await openPosts('editor');
    expect(within(rowOf('Street food tour')).getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(within(rowOf('Street food tour')).getByRole('button', { name: 'Cancel post' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeInTheDocument();
  });

  it('lets a client approve a post, and an overdue one says approving publishes it now', async () => {
    const { user, calls } = await openPosts('client');
    expect(within(rowOf('Harbour at dawn')).getByRole('button', { name: 'Approve and publish now' })).toBeVisible();
    await user.click(within(rowOf('Street food tour')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/posts/21/approve')).toBe(true));
    expect(await screen.findByText('The TikTok post is approved.')).toBeInTheDocument();
  });

  it('asks for changes with a note, and sends nothing without one', async () => {
    const { user, calls } = await openPosts('reviewer');
    const row = rowOf('Harbour at dawn');
    await user.click(within(row).getByRole('button', { name: 'Request changes' }));
    const send = within(row).getByRole('button', { name: 'Send request' });
    expect(send).toBeDisabled();
    await user.type(within(row).getByLabelText('What should change?'), 'A shorter caption');
    await user.click(send);
    await waitFor(() => {
      const call = calls.find((c) => c.url === '/api/posts/22/request-changes');
      expect(call?.body).toEqual({ comment: 'A shorter caption' });
    });
  });

  it('approves every waiting post from the bar, and says which no longer waited', async () => {
    const { user, calls } = await openPosts('owner');
    const bar = screen.getByRole('region', { name: 'Posts awaiting approval' });
    expect(bar).toHaveTextContent('2 posts await your approval (1 overdue: approving publishes it at once).');
    await user.click(within(bar).getByRole('button', { name: 'Approve all 2' }));
    await waitFor(() => {
      const call = calls.find((c) => c.url === '/api/posts/bulk/approve');
      expect(call?.body).toEqual({ postIds: [21, 22] });
    });
    expect(await screen.findByText('1 post approved; 1 no longer awaited approval.')).toBeInTheDocument();
  });
});
