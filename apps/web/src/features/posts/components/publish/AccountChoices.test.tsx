import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StubAnswer, StubRequest } from '@/test/fetch-stub';
import { buildPost } from '@/test/post-factories';
import { choicesOf, openPanel, publishOptionsUrl, TIKTOK_OPTIONS } from './panel-test-support';

const tiktokSays = (options: object): StubAnswer => ({
  body: { platform: 'tiktok', options: { ...TIKTOK_OPTIONS, ...options } },
});
const created = { status: 201, body: { posts: [buildPost('tiktok', { videoId: 31 })] } };
const posted = (calls: StubRequest[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/videos/31/posts');
const askedTikTok = (calls: StubRequest[]) => calls.filter((c) => `GET ${c.url}` === publishOptionsUrl('tiktok'));

describe("publish panel: the TikTok account's own choices (creator_info)", () => {
  it('offers only the privacy levels the account has, with none chosen for the person, once TikTok is ticked', async () => {
    const { form, calls } = await openPanel(['tiktok'], [], {
      [publishOptionsUrl('tiktok')]: tiktokSays({
        privacyLevelOptions: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
        stitchDisabled: true,
      }),
      'POST /api/videos/31/posts': created,
    });
    expect(askedTikTok(calls)).toHaveLength(0);

    await userEvent.click(form.getByRole('checkbox', { name: 'TikTok' }));
    const privacy = form.getByRole('combobox', { name: 'TikTok privacy' });
    await waitFor(() => expect(choicesOf(privacy)).toEqual(['Choose who can watch', 'Followers', 'Only me']));
    expect(askedTikTok(calls)).toHaveLength(1);
    expect(privacy).toHaveValue('');

    const stitch = form.getByRole('checkbox', { name: 'Allow Stitch' });
    expect(stitch).toBeDisabled();
    expect(stitch).not.toBeChecked();
    expect(stitch).toHaveAccessibleDescription("Turned off in this account's TikTok settings.");
    expect(form.getByRole('checkbox', { name: 'Allow comments' })).toBeEnabled();

    await userEvent.selectOptions(privacy, 'Followers');
    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toMatchObject({
      targets: [{ platform: 'tiktok', options: { privacyLevel: 'FOLLOWER_OF_CREATOR' } }],
    });
  });

  it("checks the video against the account's own longest video before sending, as the server does", async () => {
    const { form, calls } = await openPanel(['tiktok'], [], {
      [publishOptionsUrl('tiktok')]: tiktokSays({ maxDurationSeconds: 30 }),
      'POST /api/videos/31/posts': created,
    });
    await userEvent.click(form.getByRole('checkbox', { name: 'TikTok' }));
    const problems = await form.findByRole('list', { name: 'Other problems for TikTok' });
    expect(problems).toHaveTextContent(/TikTok allows this account videos of up to 30 seconds; this one lasts 42/);

    const privacy = form.getByRole('combobox', { name: 'TikTok privacy' });
    await userEvent.selectOptions(privacy, 'Only me');
    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('One problem stops this post');
    expect(posted(calls)).toHaveLength(0);
  });

  it('says so when they could not be loaded, offers all four and lets TikTok check the choice; asks again on request', async () => {
    let answers = 0;
    const { form, calls } = await openPanel(['tiktok'], [], {
      [publishOptionsUrl('tiktok')]: () =>
        ++answers <= 2
          ? {
              status: 502,
              body: {
                error: 'TikTok did not say what this account may choose: Posting is paused for this creator',
                code: 'platform_unavailable',
              },
            }
          : tiktokSays({ privacyLevelOptions: ['SELF_ONLY'] }),
      'POST /api/videos/31/posts': created,
    });
    await userEvent.click(form.getByRole('checkbox', { name: 'TikTok' }));
    const failure = await form.findByRole('alert');
    expect(failure).toHaveTextContent(
      'TikTok did not say what this account may choose: Posting is paused for this creator. Every choice is offered instead; TikTok checks yours when the post is sent.',
    );
    const privacy = form.getByRole('combobox', { name: 'TikTok privacy' });
    expect(privacy).toBeEnabled();
    expect(choicesOf(privacy)).toEqual(['Choose who can watch', 'Everyone', 'Friends', 'Followers', 'Only me']);
    expect(privacy).toHaveValue('');

    await userEvent.selectOptions(privacy, 'Everyone');
    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toMatchObject({
      targets: [{ platform: 'tiktok', options: { privacyLevel: 'PUBLIC_TO_EVERYONE' } }],
    });

    // Ticked again, TikTok is asked again (it still fails), then once more on request.
    await userEvent.click(form.getByRole('checkbox', { name: 'TikTok' }));
    await userEvent.click(await form.findByRole('button', { name: 'Ask TikTok again' }));
    await waitFor(() => expect(form.queryByText(/Posting is paused/)).not.toBeInTheDocument());
    expect(answers).toBe(3);
    expect(choicesOf(form.getByRole('combobox', { name: 'TikTok privacy' }))).toEqual([
      'Choose who can watch',
      'Only me',
    ]);
  });
});
