import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildVideo, signIn } from '@/test/factories';
import { stubFetch, type StubRoutes } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const videos = [
  buildVideo({ id: 1, title: 'Sunset over Lisbon' }),
  buildVideo({ id: 2, title: 'Street food tour' }),
  buildVideo({ id: 3, title: 'Lisbon by night' }),
];

async function openSchedule(routes: StubRoutes, titles = ['Sunset over Lisbon', 'Lisbon by night']) {
  signIn();
  const stub = stubFetch(routes);
  renderApp('/dashboard');
  const user = userEvent.setup();
  for (const title of titles) await user.click(await screen.findByRole('checkbox', { name: `Select ${title}` }));
  await user.click(screen.getByRole('button', { name: 'Schedule' }));
  const count = titles.length === 1 ? '1 video' : `${titles.length} videos`;
  const dialog = await screen.findByRole('dialog', { name: `Schedule ${count}` });
  await within(dialog).findAllByRole('checkbox');
  return { ...stub, user, dialog };
}

const setTime = (dialog: HTMLElement, value: string) =>
  fireEvent.change(within(dialog).getByLabelText('First video at'), { target: { value } });

describe('scheduling selected videos from the library', () => {
  it('schedules them to the chosen platforms, spaced, with the options each platform requires', async () => {
    const routes = workspaceRoutes({ videos, platforms: ['tiktok', 'youtube', 'reddit'] });
    routes['POST /api/posts/bulk'] = { status: 201, body: { posts: Array.from({ length: 6 }, (_, i) => ({ id: i })) } };
    const { user, dialog, calls } = await openSchedule(routes);

    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['TikTok', 'YouTube', 'Reddit']);
    expect(within(dialog).getByText('Mia on TikTok')).toBeInTheDocument();
    expect(within(dialog).getByText('In your time zone, Europe/Berlin.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByText('Choose at least one platform.')).toBeInTheDocument();

    for (const name of ['TikTok', 'YouTube', 'Reddit'])
      await user.click(within(dialog).getByRole('checkbox', { name }));
    setTime(dialog, '2030-07-01T09:00');
    await user.clear(within(dialog).getByLabelText('Space them by (minutes)'));
    await user.type(within(dialog).getByLabelText('Space them by (minutes)'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByText('Choose who can see these videos on TikTok.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('TikTok: who can see them')).toHaveValue('');
    // TikTok's declaration is shown wherever a TikTok post is made (Content Sharing Guidelines, point 4).
    expect(within(dialog).getByText(/By posting, you agree to TikTok/)).toHaveTextContent(
      'By posting, you agree to TikTok’s Music Usage Confirmation.',
    );
    expect(calls.some((c) => c.url === '/api/posts/bulk')).toBe(false);

    await user.selectOptions(within(dialog).getByLabelText('TikTok: who can see them'), 'Followers');
    await user.type(within(dialog).getByLabelText('Reddit: subreddit'), 'r/travel');
    expect(
      within(dialog).getByText('From 01. Juli 2030, 09:00 CEST to 01. Juli 2030, 09:30 CEST.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));

    expect(await screen.findByText('6 posts scheduled.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/posts/bulk')?.body).toEqual({
      videoIds: [1, 3],
      platforms: ['tiktok', 'youtube', 'reddit'],
      scheduledAt: '2030-07-01T07:00:00.000Z',
      intervalMinutes: 30,
      options: { tiktok: { privacyLevel: 'FOLLOWER_OF_CREATOR' }, reddit: { subreddit: 'travel' } },
    });
  });

  it("shows every video's violations and schedules nothing", async () => {
    const routes = workspaceRoutes({ videos, platforms: ['x', 'youtube'] });
    routes['POST /api/posts/bulk'] = {
      status: 400,
      body: {
        error: 'Some posts break the platforms’ rules.',
        code: 'validation_failed',
        violations: [
          {
            videoId: 3,
            platform: 'x',
            field: 'video',
            rule: 'video.duration_max',
            message: 'X takes videos up to 2:20.',
          },
          {
            videoId: 3,
            platform: 'youtube',
            field: 'title',
            rule: 'title.required',
            message: 'YouTube needs a title.',
          },
        ],
      },
    };
    const { user, dialog } = await openSchedule(routes);
    await user.click(within(dialog).getByRole('checkbox', { name: 'X (Twitter)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'YouTube' }));
    setTime(dialog, '2030-07-01T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Some posts break the platforms’ rules. Nothing was scheduled.');
    const video = within(alert).getByText('Lisbon by night').closest('li')!;
    expect(
      within(video)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['X (Twitter): X takes videos up to 2:20.', 'YouTube: YouTube needs a title.']);
    expect(screen.getByRole('dialog', { name: 'Schedule 2 videos' })).toBeInTheDocument();
  });

  it('asks which of the two 02:30s on the night the clocks go back, and sends the one chosen', async () => {
    const routes = workspaceRoutes({ videos, platforms: ['youtube'] });
    routes['POST /api/posts/bulk'] = { status: 201, body: { posts: [{ id: 1 }] } };
    const { user, dialog, calls } = await openSchedule(routes, ['Street food tour']);
    await user.click(within(dialog).getByRole('checkbox', { name: 'YouTube' }));
    fireEvent.change(within(dialog).getByLabelText('Date and time'), { target: { value: '2030-10-27T02:30' } });
    expect(within(dialog).queryByLabelText('Space them by (minutes)')).not.toBeInTheDocument();

    const choice = within(dialog).getByRole('group', { name: 'This time happens twice that day' });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(
      within(dialog).getByText('This time happens twice in Europe/Berlin that day. Choose which one.'),
    ).toBeInTheDocument();
    await user.click(within(choice).getByRole('radio', { name: 'The second, 02:30 CET (UTC+01:00)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));

    expect(await screen.findByText('1 post scheduled.')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/posts/bulk')?.body).toMatchObject({
      videoIds: [2],
      scheduledAt: '2030-10-27T01:30:00.000Z',
    });
  });

  it("says the server's reason when it refuses for another cause", async () => {
    const routes = workspaceRoutes({ videos, platforms: ['youtube'] });
    routes['POST /api/posts/bulk'] = { status: 409, body: { error: 'YouTube needs reconnecting.', code: 'conflict' } };
    const { user, dialog } = await openSchedule(routes);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(within(dialog).getByRole('checkbox', { name: 'YouTube' }));
    setTime(dialog, '2030-07-01T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('YouTube needs reconnecting.'));
  });
});
