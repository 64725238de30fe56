import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildVideo, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const video = buildVideo({ id: 8, title: 'Beach day', status: 'awaiting-details' });

async function openDetails(platforms: string[]) {
  signIn();
  const routes = workspaceRoutes({ videos: [video], platforms });
  routes['PATCH /api/videos/8'] = {
    body: { video: { ...video, status: 'ready', platforms: ['tiktok'], tags: ['sea', 'summer'] } },
  };
  const stub = stubFetch(routes);
  renderApp('/dashboard');
  const user = userEvent.setup();
  const card = await screen.findByRole('article', { name: 'Beach day' });
  await user.click(within(card).getByRole('button', { name: 'Add Details' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Video Details' });
  return { ...stub, user, dialog };
}

describe('Add Video Details', () => {
  it('explains that platforms must be connected first when none is', async () => {
    const { dialog } = await openDetails([]);
    expect(await within(dialog).findByText('No platforms connected')).toBeInTheDocument();
    expect(within(dialog).getByText('Connect platforms in the Accounts section first')).toBeInTheDocument();
    expect(within(dialog).queryByText('Please select at least one platform')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save & Continue' })).toBeDisabled();
  });

  it('needs a title and a platform, then saves the details and marks the video ready', async () => {
    const { user, dialog, calls } = await openDetails(['tiktok', 'x']);
    expect(within(dialog).getByText('Complete the information for your video')).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save & Continue' });
    expect(await within(dialog).findByRole('button', { name: /X \(Twitter\)/ })).toBeInTheDocument();
    expect(within(dialog).getByText('Please select at least one platform')).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: /TikTok/ }));
    expect(within(dialog).queryByText('Please select at least one platform')).not.toBeInTheDocument();
    expect(save).toBeEnabled();

    const title = within(dialog).getByLabelText('Video Title *');
    await user.clear(title);
    expect(save).toBeDisabled();
    await user.type(title, 'Beach day');

    await user.type(within(dialog).getByLabelText('Description'), 'Waves');
    expect(within(dialog).getByText('5/5000')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Tags (comma separated)'), ' sea, ,summer ');
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      title: 'Beach day',
      description: 'Waves',
      tags: ['sea', 'summer'],
      platforms: ['tiktok'],
      status: 'ready',
    });
    expect(within(screen.getByRole('article', { name: 'Beach day' })).getByText('Ready')).toBeInTheDocument();
  });

  it('offers every connected platform by label and subtitle, and saves the chosen ones by key', async () => {
    const { user, dialog, calls } = await openDetails(['instagram', 'tiktok', 'youtube', 'facebook', 'x', 'reddit']);
    const group = await within(dialog).findByRole('group', { name: 'Select Platforms *' });
    const toggles = within(group).getAllByRole('button');
    expect(toggles.map((t) => t.textContent)).toEqual([
      'InstagramReels & Stories',
      'TikTokShort Videos',
      'YouTubeVideo Platform',
      'FacebookVideo Posts',
      'X (Twitter)Tweet with Video',
      'RedditVideo Posts',
    ]);
    await user.click(within(group).getByRole('button', { name: /^Instagram/ }));
    await user.click(within(group).getByRole('button', { name: /^Facebook/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save & Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((calls.find((c) => c.method === 'PATCH')?.body as { platforms: string[] }).platforms).toEqual([
      'instagram',
      'facebook',
    ]);
  });

  it('keeps the form and the video as they were when the server refuses to save, and says so', async () => {
    signIn();
    const routes = workspaceRoutes({ videos: [video], platforms: ['tiktok'] });
    routes['PATCH /api/videos/8'] = {
      status: 500,
      body: { error: 'Something went wrong on our side', code: 'internal' },
    };
    stubFetch(routes);
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(
      within(await screen.findByRole('article', { name: 'Beach day' })).getByRole('button', { name: 'Add Details' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add Video Details' });
    await user.click(await within(dialog).findByRole('button', { name: /TikTok/ }));
    await user.type(within(dialog).getByLabelText('Description'), 'Waves');
    await user.click(within(dialog).getByRole('button', { name: 'Save & Continue' }));

    expect(await screen.findByText('Something went wrong on our side')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Video Details' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Waves');
    expect(
      within(screen.getByRole('article', { name: 'Beach day' })).getByText('Awaiting Details'),
    ).toBeInTheDocument();
  });
});
