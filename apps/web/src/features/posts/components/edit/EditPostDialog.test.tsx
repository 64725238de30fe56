import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Post } from '@fanout/contracts';
import { workspaceRoutes } from '@/test/api-fixtures';
import { signIn } from '@/test/factories';
import { stubFetch, type StubAnswer, type StubRequest } from '@/test/fetch-stub';
import { buildPost } from '@/test/post-factories';
import { renderApp } from '@/test/render-app';
import { connectionId, openPanel, video } from '../publish/panel-test-support';

// 10:00 CEST on the person's clock (Europe/Berlin).
const post = buildPost('tiktok', {
  id: 5,
  videoId: 31,
  videoTitle: 'Street food tour',
  scheduledAt: '2030-06-01T08:00:00.000Z',
  options: { privacyLevel: 'SELF_ONLY' },
});
const saved = (changes: Partial<Post>): StubAnswer => ({ body: { post: { ...post, ...changes } } });
const patched = (calls: StubRequest[]) => calls.filter((c) => c.method === 'PATCH' && c.url === '/api/posts/5');

async function editFromVideoPage(answer: StubAnswer | (() => StubAnswer)) {
  const stub = await openPanel(['tiktok'], [post], { 'PATCH /api/posts/5': answer });
  const list = within(await screen.findByRole('list', { name: 'Posts' }));
  const edit = within(list.getByRole('listitem', { name: 'TikTok' })).getByRole('button', { name: 'Edit' });
  await userEvent.click(edit);
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit the TikTok post' }));
  return { ...stub, edit, dialog };
}

describe('editing a scheduled post', () => {
  it("changes its time on the person's clock and its text with the live count, sending only what changed", async () => {
    const { edit, dialog, calls } = await editFromVideoPage(
      saved({ scheduledAt: '2030-06-02T07:30:00.000Z', caption: 'Night market, late' }),
    );
    const when = dialog.getByLabelText('Date and time');
    expect(when).toHaveFocus();
    expect(when).toHaveValue('2030-06-01T10:00');
    expect(when).toHaveAccessibleDescription(/In your time zone, Europe\/Berlin/);
    const caption = await dialog.findByRole('textbox', { name: 'Caption on TikTok' });
    expect(caption).toHaveValue('Street food tour\n\nNight market in Taipei.\n\n#food #travel');
    expect(dialog.getByText(/^56 \/ 2,200 characters/)).toBeInTheDocument();

    fireEvent.change(when, { target: { value: '2030-06-02T09:30' } });
    await userEvent.clear(caption);
    await userEvent.type(caption, 'Night market, late');
    expect(dialog.getByText(/^18 \/ 2,200 characters/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(patched(calls)).toHaveLength(1));
    expect(patched(calls)[0]!.body).toEqual({ caption: 'Night market, late', scheduledLocal: '2030-06-02T09:30' });
    expect(await screen.findByText('The TikTok post is scheduled for 02. Juni 2030, 09:30 CEST.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();
  });

  it('refuses a time the clocks skip and asks which one is meant when the hour repeats, as the panel does', async () => {
    const { dialog, calls } = await editFromVideoPage(saved({ scheduledAt: '2030-10-27T01:30:00.000Z' }));
    const when = dialog.getByLabelText('Date and time');
    await dialog.findByRole('textbox', { name: 'Caption on TikTok' });

    fireEvent.change(when, { target: { value: '2030-03-31T02:30' } });
    expect(when).toHaveAccessibleDescription(/02:30 does not exist on 2030-03-31 in Europe\/Berlin/);
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(patched(calls)).toHaveLength(0);

    fireEvent.change(when, { target: { value: '2030-10-27T02:30' } });
    const question = dialog.getByRole('group', { name: /02:30 happens twice in Europe\/Berlin/ });
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(when).toHaveAccessibleDescription(/Choose which 02:30 you mean/);
    expect(patched(calls)).toHaveLength(0);

    await userEvent.click(within(question).getByRole('radio', { name: 'The second, 02:30 CET (UTC+01:00)' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patched(calls)).toHaveLength(1));
    // Only the time changed: the text is not sent.
    expect(patched(calls)[0]!.body).toEqual({ scheduledLocal: '2030-10-27T02:30', disambiguation: 'later' });
  });

  it("shows the platform's refusal beside the text, and says plainly when the post has started meanwhile", async () => {
    let answers = 0;
    const { dialog, calls } = await editFromVideoPage(() =>
      ++answers === 1
        ? {
            status: 400,
            body: {
              error: '1 platform rule is broken; nothing was created',
              code: 'validation_failed',
              violations: [
                {
                  platform: 'tiktok',
                  field: 'caption',
                  rule: 'caption.forbidden',
                  message: 'TikTok refuses this caption: it names a brand without a disclosure.',
                },
              ],
            },
          }
        : {
            status: 409,
            body: {
              error: 'This post has already started (it is publishing); it can no longer be changed or cancelled',
              code: 'post_started',
            },
          },
    );
    const caption = await dialog.findByRole('textbox', { name: 'Caption on TikTok' });

    fireEvent.change(caption, { target: { value: 'x'.repeat(2201) } });
    expect(dialog.getByText(/^2,201 \/ 2,200 characters/)).toBeInTheDocument();
    expect(caption).toHaveAccessibleDescription(/TikTok allows 2,200 characters/);
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Fix one problem first: TikTok would refuse this post.');
    expect(patched(calls)).toHaveLength(0);

    fireEvent.change(caption, { target: { value: 'Our sponsor’s night market' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(caption).toHaveAccessibleDescription(/names a brand without a disclosure/));
    expect(caption).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByRole('alert')).toHaveTextContent("TikTok's rules refuse this change: one problem to fix.");

    fireEvent.change(caption, { target: { value: 'Night market' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText(/This post has already started \(it is publishing\)/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    expect(patched(calls)).toHaveLength(2);
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is offered in My Posts for scheduled posts only', async () => {
    signIn();
    const failed = buildPost('x', { id: 6, videoId: 31, status: 'failed' });
    const routes = workspaceRoutes();
    routes['GET /api/posts?project_id=1&limit=25'] = { body: { posts: [post, failed], nextCursor: null } };
    routes['GET /api/videos/31'] = { body: { video } };
    routes['PATCH /api/posts/5'] = saved({ caption: 'Night market' });
    const { calls } = stubFetch(routes);
    renderApp('/posts');
    await screen.findByRole('heading', { name: 'My Posts' });
    const rows = await screen.findAllByRole('row');
    const byPlatform = (name: string) => rows.find((r) => within(r).queryByText(name))!;
    expect(within(byPlatform('X (Twitter)')).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    await userEvent.click(within(byPlatform('TikTok')).getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit the TikTok post' }));
    const caption = await dialog.findByRole('textbox', { name: 'Caption on TikTok' });
    fireEvent.change(caption, { target: { value: 'Night market' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patched(calls)).toHaveLength(1));
    expect(patched(calls)[0]!.body).toEqual({ caption: 'Night market' });
  });
});

describe('correcting a failed post before its retry', () => {
  const refused = buildPost('reddit', {
    id: 7,
    videoId: 31,
    connectionId: connectionId('reddit'),
    videoTitle: 'Street food tour',
    status: 'failed',
    options: { subreddit: 'no_such_place' },
    error: {
      code: 'rejected',
      message: "Reddit refused the post: that community doesn't exist; this sandbox has r/test, r/videos",
      platformCode: 'SUBREDDIT_NOEXIST',
      platformMessage: "that community doesn't exist; this sandbox has r/test, r/videos",
    },
  });
  const retried = (calls: StubRequest[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/posts/7/retry');

  it('changes the subreddit among the account’s communities, never sends on Enter, and retries the corrected post', async () => {
    const { calls } = await openPanel(['reddit'], [refused], {
      'POST /api/posts/7/retry': { body: { post: { ...refused, status: 'publishing', error: null } } },
    });
    const list = within(await screen.findByRole('list', { name: 'Posts' }));
    const item = within(list.getByRole('listitem', { name: 'Reddit' }));
    await userEvent.click(item.getByRole('button', { name: 'Edit and retry' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Correct and retry the Reddit post' }));
    expect(dialog.getByText(/^Reddit refused the post: that community doesn't exist/)).toBeInTheDocument();

    // Once Reddit has said which communities the account joined, they are offered.
    const subreddit = await dialog.findByRole('combobox', { name: 'Subreddit (required)' });
    expect(subreddit).toHaveValue('no_such_place');
    await waitFor(() =>
      expect(subreddit).toHaveAccessibleDescription(
        'Communities you have joined: r/test, r/videos, r/sandbox, r/fanout. Any other may be typed.',
      ),
    );
    await userEvent.clear(subreddit);
    await userEvent.type(subreddit, 'r/videos{Enter}');
    expect(subreddit).toHaveValue('videos');
    expect(retried(calls)).toHaveLength(0);

    await userEvent.click(dialog.getByRole('button', { name: 'Retry now' }));
    await waitFor(() => expect(retried(calls)).toHaveLength(1));
    expect(retried(calls)[0]!.body).toEqual({
      options: { subreddit: 'videos', nsfw: false, spoiler: false, sendReplies: true },
    });
    expect(await screen.findByText('The Reddit post will be retried now.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('retries it later when a time is given, and says why the platform still refuses a correction', async () => {
    const { calls } = await openPanel(['reddit'], [refused], {
      'POST /api/posts/7/retry': {
        status: 409,
        body: {
          error:
            'Reddit already has this post (it went wrong there after it was sent), so a change can no longer reach it.',
          code: 'post_on_platform',
        },
      },
    });
    const list = within(await screen.findByRole('list', { name: 'Posts' }));
    await userEvent.click(
      within(list.getByRole('listitem', { name: 'Reddit' })).getByRole('button', { name: 'Edit and retry' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Correct and retry the Reddit post' }));
    const caption = await dialog.findByRole('textbox', { name: 'Post title on Reddit' });
    fireEvent.change(caption, { target: { value: 'Night market, late' } });
    fireEvent.change(dialog.getByLabelText('Date and time'), { target: { value: '2030-06-01T10:00' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Schedule the retry' }));
    await waitFor(() => expect(retried(calls)).toHaveLength(1));
    expect(retried(calls)[0]!.body).toEqual({ caption: 'Night market, late', scheduledLocal: '2030-06-01T10:00' });
    expect(await dialog.findByText(/^Reddit already has this post/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Schedule the retry' })).toBeDisabled();
  });
});
