import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PlatformKey } from '@fanout/contracts';
import { stubFetch, type StubRequest } from '@/test/fetch-stub';
import { buildPost } from '@/test/post-factories';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/factories';
import { openPanel, routesWith } from './panel-test-support';

const created = (platforms: PlatformKey[]) => ({
  status: 201,
  body: {
    posts: platforms.map((platform) => buildPost(platform, { videoId: 31, scheduledAt: '2030-06-01T08:00:00.000Z' })),
  },
});
const posted = (calls: StubRequest[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/videos/31/posts');

describe('publish panel on the video page', () => {
  it('prefills each platform text from the video and counts it the platform way as it is typed', async () => {
    const { form } = await openPanel(['tiktok', 'x']);
    await userEvent.click(form.getByRole('checkbox', { name: 'TikTok' }));
    const caption = form.getByRole('textbox', { name: 'Caption on TikTok' });
    expect(caption).toHaveValue('Street food tour\n\nNight market in Taipei.\n\n#food #travel');
    expect(form.getByText(/^56 \/ 2,200 characters/)).toBeInTheDocument();

    await userEvent.click(form.getByRole('checkbox', { name: 'X (Twitter)' }));
    const post = form.getByRole('textbox', { name: 'Post on X (Twitter)' });
    await userEvent.clear(post);
    await userEvent.type(post, 'See https://example.com/a-very-long-address 😀');
    // X counts a link as 23 and an emoji as 2.
    expect(form.getByText(/^30 \/ 280 characters/)).toBeInTheDocument();
    fireEvent.change(post, { target: { value: 'a'.repeat(281) } });
    expect(form.getByText(/^281 \/ 280 characters/)).toBeInTheDocument();
    expect(post).toHaveAccessibleDescription(/X allows 280 characters in a post/);
  });

  it('requires a TikTok privacy level chosen by the person, and sends the one chosen', async () => {
    const { form, calls } = await openPanel(['tiktok'], [], { 'POST /api/videos/31/posts': created(['tiktok']) });
    await userEvent.click(form.getByRole('checkbox', { name: 'TikTok' }));
    // The select is drawn again once the account's own choices arrive: always the one on screen now.
    const privacy = () => form.getByRole('combobox', { name: 'TikTok privacy' });
    await waitFor(() => expect(within(privacy()).getByRole('option', { name: 'Only me' })).toBeInTheDocument());
    expect(privacy()).toHaveValue('');
    expect(privacy()).toHaveAccessibleDescription(/TikTok needs a privacy level chosen for each post/);

    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    // Focus moves to the summary of the problems on the next frame; each links to its field.
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('One problem stops this post');
    await waitFor(() => expect(summary).toHaveFocus());
    await userEvent.click(within(summary).getByRole('link', { name: /^TikTok: TikTok needs a privacy level/ }));
    expect(privacy()).toHaveFocus();
    expect(posted(calls)).toHaveLength(0);

    await userEvent.selectOptions(privacy(), 'Only me');
    expect(privacy()).not.toHaveAttribute('aria-invalid');
    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toEqual({
      targets: [
        {
          platform: 'tiktok',
          options: {
            privacyLevel: 'SELF_ONLY',
            allowComments: false,
            allowDuet: false,
            allowStitch: false,
            commercialContent: false,
            brandOrganic: false,
            brandContent: false,
            isAigc: false,
          },
        },
      ],
    });
    expect(await form.findByRole('status')).toHaveTextContent('Publishing to TikTok.');
  });

  it('shows every rule broken before sending, and the server answer next to its field', async () => {
    const { form, calls } = await openPanel(['reddit', 'tiktok'], [], {
      'POST /api/videos/31/posts': {
        status: 400,
        body: {
          error: 'The platforms refuse this post',
          code: 'validation_failed',
          violations: [
            {
              platform: 'tiktok',
              field: 'options.privacyLevel',
              rule: 'options.privacy_level_unavailable',
              message: 'TikTok does not offer "Everyone" to this account; it offers: Friends, Only me.',
            },
          ],
        },
      },
    });
    await userEvent.click(form.getByRole('checkbox', { name: 'Reddit' }));
    // A text field that offers the communities the account has joined.
    const subreddit = form.getByRole('combobox', { name: 'Subreddit (required)' });
    expect(subreddit).toHaveAccessibleDescription(/Reddit needs a subreddit to post to/);
    await userEvent.type(subreddit, 'r/streetfood');
    expect(subreddit).toHaveValue('streetfood');
    expect(subreddit).not.toHaveAttribute('aria-invalid');

    await userEvent.click(form.getByRole('checkbox', { name: 'TikTok' }));
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'TikTok privacy' }), 'Everyone');
    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toMatchObject({
      targets: [{ platform: 'tiktok' }, { platform: 'reddit', options: { subreddit: 'streetfood' } }],
    });
    const privacy = form.getByRole('combobox', { name: 'TikTok privacy' });
    await waitFor(() => expect(privacy).toHaveAccessibleDescription(/does not offer "Everyone" to this account/));
    expect(privacy).toHaveAttribute('aria-invalid', 'true');
  });

  it('schedules at a date and time in the person zone, sent as that wall-clock time', async () => {
    const { form, calls } = await openPanel(['x'], [], { 'POST /api/videos/31/posts': created(['x']) });
    await userEvent.click(form.getByRole('checkbox', { name: 'X (Twitter)' }));
    const when = form.getByLabelText('Date and time');
    expect(when).toHaveAccessibleDescription(/In your time zone, Europe\/Berlin/);

    await userEvent.click(form.getByRole('button', { name: 'Schedule' }));
    expect(when).toHaveAccessibleDescription(/Enter the date and time to publish at/);
    expect(posted(calls)).toHaveLength(0);

    fireEvent.change(when, { target: { value: '2030-06-01T10:00' } });
    await userEvent.click(form.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toEqual({
      targets: [{ platform: 'x', options: {} }],
      scheduledLocal: '2030-06-01T10:00',
    });
    expect(await form.findByRole('status')).toHaveTextContent(
      'Scheduled on X (Twitter) for 01. Juni 2030, 10:00 CEST.',
    );
  });

  it('refuses a time the clocks skip and asks which one is meant when the hour repeats', async () => {
    const { form, calls } = await openPanel(['x'], [], { 'POST /api/videos/31/posts': created(['x']) });
    await userEvent.click(form.getByRole('checkbox', { name: 'X (Twitter)' }));
    const when = form.getByLabelText('Date and time');

    fireEvent.change(when, { target: { value: '2030-03-31T02:30' } });
    expect(when).toHaveAccessibleDescription(/02:30 does not exist on 2030-03-31 in Europe\/Berlin/);
    await userEvent.click(form.getByRole('button', { name: 'Schedule' }));
    expect(posted(calls)).toHaveLength(0);

    fireEvent.change(when, { target: { value: '2030-10-27T02:30' } });
    const question = form.getByRole('group', { name: /02:30 happens twice in Europe\/Berlin/ });
    await userEvent.click(form.getByRole('button', { name: 'Schedule' }));
    expect(when).toHaveAccessibleDescription(/Choose which 02:30 you mean/);
    expect(posted(calls)).toHaveLength(0);

    await userEvent.click(within(question).getByRole('radio', { name: 'The second, 02:30 CET (UTC+01:00)' }));
    await userEvent.click(form.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toMatchObject({ scheduledLocal: '2030-10-27T02:30', disambiguation: 'later' });
  });

  it('lists each post with its status, the platform own words, a link, Retry and Cancel', async () => {
    const posts = [
      buildPost('tiktok', {
        videoId: 31,
        id: 1,
        status: 'published',
        url: 'https://www.tiktok.com/@mia/video/1',
        publishedAt: '2030-06-01T08:01:00Z',
      }),
      buildPost('youtube', {
        videoId: 31,
        id: 2,
        status: 'failed',
        error: {
          code: 'rejected',
          message: 'YouTube refused the video.',
          platformCode: 'uploadLimitExceeded',
          platformMessage: 'The user has exceeded the number of videos they may upload.',
        },
      }),
      buildPost('reddit', { videoId: 31, id: 3, status: 'scheduled', scheduledAt: '2030-06-01T08:00:00.000Z' }),
      buildPost('x', {
        videoId: 31,
        id: 4,
        status: 'publishing',
        progress: { step: 'upload', bytesSent: 5 * 1024 ** 2, bytesTotal: 10 * 1024 ** 2 },
      }),
    ];
    const { calls } = await openPanel(['tiktok'], posts, {
      'POST /api/posts/2/retry': { body: { post: { ...posts[1], status: 'scheduled' } } },
      'DELETE /api/posts/3': { body: { post: { ...posts[2], status: 'cancelled' } } },
    });
    const list = within(await screen.findByRole('list', { name: 'Posts' }));
    const tiktok = within(list.getByRole('listitem', { name: 'TikTok' }));
    expect(tiktok.getByText('Published')).toBeInTheDocument();
    expect(tiktok.getByRole('link', { name: 'View post on TikTok' })).toHaveAttribute(
      'href',
      'https://www.tiktok.com/@mia/video/1',
    );

    const youtube = within(list.getByRole('listitem', { name: 'YouTube' }));
    expect(youtube.getByText('YouTube refused the video.')).toBeInTheDocument();
    expect(youtube.getByText('The user has exceeded the number of videos they may upload.')).toBeInTheDocument();
    expect(youtube.getByText('uploadLimitExceeded')).toBeInTheDocument();
    const retry = youtube.getByRole('button', { name: 'Retry' });
    expect(retry).toHaveAccessibleDescription(/YouTube refused the video/);
    await userEvent.click(retry);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/posts/2/retry')).toBe(true));

    const reddit = within(list.getByRole('listitem', { name: 'Reddit' }));
    expect(reddit.getByText('Scheduled for 01. Juni 2030, 10:00 CEST', { exact: false })).toBeInTheDocument();
    await userEvent.click(reddit.getByRole('button', { name: 'Cancel post' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/posts/3')).toBe(true));

    const x = within(list.getByRole('listitem', { name: 'X (Twitter)' }));
    expect(x.getByRole('progressbar', { name: 'Upload to X (Twitter)' })).toHaveAttribute('aria-valuenow', '50');
    expect(x.getByText('Uploading 5.00 MB of 10.00 MB')).toBeInTheDocument();
  });

  it('says Partially published when some platforms published and others failed', async () => {
    await openPanel(
      ['tiktok'],
      [
        buildPost('tiktok', { videoId: 31, status: 'published', url: 'https://www.tiktok.com/@mia/video/1' }),
        buildPost('youtube', {
          videoId: 31,
          status: 'failed',
          error: { code: 'rejected', message: 'Refused.', platformCode: null, platformMessage: null },
        }),
      ],
    );
    expect(await screen.findByText('Partially published')).toBeInTheDocument();
  });

  it("says in the video's posts when YouTube made a published video private, and what the operator must do", async () => {
    const appliedPrivacy = {
      privacy: 'private',
      label: 'private',
      requested: 'public',
      reason: 'YouTube restricts uploads from unverified API projects',
      operatorAction: 'have the Google Cloud project pass YouTube’s audit, then set YOUTUBE_API_VERIFIED=true.',
    };
    await openPanel(['youtube'], [buildPost('youtube', { videoId: 31, status: 'published', appliedPrivacy })]);
    const list = within(await screen.findByRole('list', { name: 'Posts' }));
    const youtube = within(list.getByRole('listitem', { name: 'YouTube' }));
    expect(youtube.getByText('Published')).toBeInTheDocument();
    expect(
      youtube.getByText('Published as private: YouTube restricts uploads from unverified API projects'),
    ).toBeVisible();
    expect(youtube.getByText(/YOUTUBE_API_VERIFIED=true/)).toBeVisible();
  });

  it('sends the person to Accounts when no account is connected', async () => {
    signIn();
    stubFetch(routesWith([]));
    renderApp('/video/31');
    expect(await screen.findByText('No accounts connected yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect accounts' })).toHaveAttribute('href', '/accounts');
  });
});
