import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PlatformKey } from '@fanout/contracts';
import type { StubRequest } from '@/test/fetch-stub';
import { buildPost } from '@/test/post-factories';
import { PostOptions } from '../PostOptions';
import { openPanel } from './panel-test-support';

const created = (platform: PlatformKey) => ({ status: 201, body: { posts: [buildPost(platform, { videoId: 31 })] } });
const sentOptions = (calls: StubRequest[]) => {
  const post = calls.find((c) => c.method === 'POST' && c.url === '/api/videos/31/posts');
  return (post?.body as { targets: { options: Record<string, unknown> }[] } | undefined)?.targets[0]?.options;
};

describe("publish panel: each platform's options in its own words", () => {
  it('TikTok: "AI-generated content" starts off and is sent as isAigc once ticked', async () => {
    const { form, calls } = await openPanel(['tiktok'], [], { 'POST /api/videos/31/posts': created('tiktok') });
    await userEvent.click(form.getByRole('checkbox', { name: 'TikTok' }));
    const privacy = () => form.getByRole('combobox', { name: 'TikTok privacy' });
    await waitFor(() => expect(within(privacy()).getByRole('option', { name: 'Only me' })).toBeInTheDocument());
    await userEvent.selectOptions(privacy(), 'Only me');
    const label = form.getByRole('checkbox', { name: 'AI-generated content' });
    expect(label).not.toBeChecked();
    expect(label).toHaveAccessibleDescription(/made or significantly edited with AI/);
    await userEvent.click(label);
    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(sentOptions(calls)).toMatchObject({ isAigc: true }));
  });

  it('Reddit: "Send me reply notifications" starts on, as on Reddit, and is sent off once unticked', async () => {
    const { form, calls } = await openPanel(['reddit'], [], { 'POST /api/videos/31/posts': created('reddit') });
    await userEvent.click(form.getByRole('checkbox', { name: 'Reddit' }));
    await userEvent.type(form.getByRole('combobox', { name: 'Subreddit (required)' }), 'videos');
    const replies = form.getByRole('checkbox', { name: 'Send me reply notifications' });
    expect(replies).toBeChecked();
    await userEvent.click(replies);
    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(sentOptions(calls)).toMatchObject({ subreddit: 'videos', sendReplies: false }));
  });
});

describe('a post shows the options it is sent with', () => {
  it('names each option as the composer does, and says so when a default-on option is off', () => {
    const tiktok = buildPost('tiktok', { options: { privacyLevel: 'SELF_ONLY', isAigc: true, allowDuet: false } });
    const { unmount } = render(<PostOptions post={tiktok} />);
    expect(screen.getByText(/^Options:/).parentElement).toHaveTextContent(
      'Options: TikTok privacy: Only me · AI-generated content',
    );
    unmount();
    render(<PostOptions post={buildPost('reddit', { options: { subreddit: 'videos', sendReplies: false } })} />);
    expect(screen.getByText(/^Options:/).parentElement).toHaveTextContent(
      'Options: Subreddit: r/videos · Send me reply notifications: off',
    );
  });
});

describe('publish panel: YouTube options', () => {
  it("starts from YouTube's defaults and sends what is changed in YouTube's words", async () => {
    const { form, calls } = await openPanel(['youtube'], [], { 'POST /api/videos/31/posts': created('youtube') });
    await userEvent.click(form.getByRole('checkbox', { name: 'YouTube' }));
    const notify = form.getByRole('checkbox', { name: 'Notify subscribers' });
    const embedding = form.getByRole('checkbox', { name: 'Allow embedding' });
    const stats = form.getByRole('checkbox', { name: 'Make video statistics on the watch page publicly visible' });
    const synthetic = form.getByRole('checkbox', { name: 'Altered or synthetic content' });
    const license = form.getByRole('combobox', { name: 'YouTube license' });
    expect([notify, embedding, stats].every((box) => (box as HTMLInputElement).checked)).toBe(true);
    expect(synthetic).not.toBeChecked();
    expect(license).toHaveDisplayValue('Standard YouTube License');

    for (const box of [notify, embedding, stats, synthetic]) await userEvent.click(box);
    await userEvent.selectOptions(license, 'Creative Commons - Attribution');
    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    await waitFor(() =>
      expect(sentOptions(calls)).toMatchObject({
        notifySubscribers: false,
        embeddable: false,
        publicStatsViewable: false,
        containsSyntheticMedia: true,
        license: 'creativeCommon',
      }),
    );
  });

  it('a YouTube post says which of its options differ from what YouTube does anyway', () => {
    const options = { privacy: 'unlisted', notifySubscribers: false, embeddable: true, license: 'creativeCommon' };
    render(<PostOptions post={buildPost('youtube', { options })} />);
    expect(screen.getByText(/^Options:/).parentElement).toHaveTextContent(
      'Options: YouTube privacy: Unlisted · Notify subscribers: off · YouTube license: Creative Commons - Attribution',
    );
  });
});

describe('publish panel: Facebook title', () => {
  it('sends a title of its own for Facebook once typed, and nothing while left empty', async () => {
    const { form, calls } = await openPanel(['facebook'], [], { 'POST /api/videos/31/posts': created('facebook') });
    await userEvent.click(form.getByRole('checkbox', { name: 'Facebook' }));
    const title = form.getByRole('textbox', { name: 'Facebook video title' });
    expect(title).toHaveAccessibleDescription("Left empty: the video's own title.");
    await userEvent.type(title, 'Night market, part 2');
    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(sentOptions(calls)).toEqual({ kind: 'video', title: 'Night market, part 2' }));
    render(<PostOptions post={buildPost('facebook', { options: { kind: 'video', title: 'Night market, part 2' } })} />);
    expect(screen.getByText(/^Options:/).parentElement).toHaveTextContent(
      'Options: Facebook post type: Page video · Facebook video title: Night market, part 2',
    );
  });
});

describe('publish panel: Instagram collaborators', () => {
  it('takes usernames typed with commas (an "@" or not), holds a fourth, and sends them as a list', async () => {
    const { form, calls } = await openPanel(['instagram'], [], { 'POST /api/videos/31/posts': created('instagram') });
    await userEvent.click(form.getByRole('checkbox', { name: 'Instagram' }));
    const field = form.getByRole('textbox', { name: 'Invite collaborators' });
    expect(field).toHaveAccessibleDescription(/Up to 3 Instagram usernames/);
    await userEvent.type(field, '@mia, night.market_tw, a, b');
    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/at most 3 collaborators/);

    await userEvent.clear(field);
    await userEvent.type(field, '@mia, night.market_tw, ');
    expect(field).toHaveValue('mia, night.market_tw, ');
    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    await waitFor(() =>
      expect(sentOptions(calls)).toEqual({ shareToFeed: true, collaborators: ['mia', 'night.market_tw'] }),
    );
    render(<PostOptions post={buildPost('instagram', { options: { collaborators: ['mia', 'night.market_tw'] } })} />);
    expect(screen.getByText(/^Options:/).parentElement).toHaveTextContent(
      'Options: Invite collaborators: @mia, @night.market_tw',
    );
  });
});
