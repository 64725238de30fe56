import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildVideo, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { buildPost } from '@/test/post-factories';
import { renderApp } from '@/test/render-app';

const videos = [
  buildVideo({ id: 31, title: 'Street food tour', width: 1280, height: 720 }),
  buildVideo({ id: 32, title: 'Harbour at dawn', status: 'uploading' }),
];

async function openComposer() {
  signIn();
  const routes = workspaceRoutes({ videos, platforms: ['youtube'] });
  routes['GET /api/videos/31/posts'] = { body: { posts: [] } };
  routes['POST /api/videos/31/posts'] = {
    status: 201,
    body: { posts: [buildPost('youtube', { videoId: 31, status: 'publishing' })] },
  };
  const stub = stubFetch(routes);
  renderApp('/accounts');
  await userEvent.click(await screen.findByRole('button', { name: 'New' }));
  await userEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: /Create Post/ }));
  return { ...stub, dialog: within(await screen.findByRole('dialog', { name: 'Create Post' })) };
}

describe('Create Post', () => {
  it('picks one of the project videos, then publishes it with the same panel as the video page', async () => {
    const { dialog, calls } = await openComposer();
    const picker = await dialog.findByRole('combobox', { name: 'Video' });
    expect(picker).toHaveFocus();
    // A video still uploading has nothing to publish yet.
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a video', 'Street food tour']);
    await userEvent.selectOptions(picker, 'Street food tour');
    const form = within(await dialog.findByRole('form', { name: 'Publish Street food tour' }));
    await userEvent.click(form.getByRole('checkbox', { name: 'YouTube' }));
    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url === '/api/videos/31/posts')?.body).toEqual({
        targets: [{ platform: 'youtube', options: { privacy: 'public', madeForKids: false } }],
      }),
    );
    expect(await form.findByRole('status')).toHaveTextContent('Publishing to YouTube.');
  });

  it('offers the upload when the project has no video yet', async () => {
    signIn();
    stubFetch(workspaceRoutes({ platforms: ['youtube'] }));
    renderApp('/accounts');
    await userEvent.click(await screen.findByRole('button', { name: 'New' }));
    await userEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: /Create Post/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Post' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Upload a video' }));
    expect(await screen.findByRole('dialog', { name: 'Upload Videos' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Create Post' })).not.toBeInTheDocument();
  });
});
