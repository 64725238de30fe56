import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RedditCommunityRules } from '@fanout/contracts';
import { describe, expect, it } from 'vitest';
import type { StubRequest } from '@/test/fetch-stub';
import { buildPost } from '@/test/post-factories';
import { choicesOf, connectionId, openPanel } from './panel-test-support';

const CLIPS: RedditCommunityRules = {
  community: 'clips',
  flairRequired: true,
  flairs: [
    { id: 'f-tutorial', text: 'Tutorial' },
    { id: 'f-showcase', text: 'Showcase' },
  ],
  reconnectFor: null,
  titleMinLength: 10,
  titleMaxLength: null,
  titleRequiredStrings: [],
  titleBlacklistedStrings: [],
  guidelines: null,
};
const clipsUrl = `GET /api/connections/${connectionId('reddit')}/communities/clips`;
const created = { status: 201, body: { posts: [buildPost('reddit', { videoId: 31 })] } };
const posted = (calls: StubRequest[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/videos/31/posts');

describe("publish panel: a Reddit community's flairs and requirements", () => {
  it('offers the flairs of the community named, by their text, and holds the post until the required one is chosen', async () => {
    const { form, calls } = await openPanel(['reddit'], [], {
      [clipsUrl]: { body: { platform: 'reddit', rules: CLIPS } },
      'POST /api/videos/31/posts': created,
    });
    await userEvent.click(form.getByRole('checkbox', { name: 'Reddit' }));
    const flair = form.getByRole('combobox', { name: 'Reddit flair' });
    expect(flair).toBeDisabled();
    expect(flair).toHaveAccessibleDescription('Name a subreddit first: its flairs are offered here.');

    await userEvent.type(form.getByRole('combobox', { name: 'Subreddit (required)' }), 'clips');
    await waitFor(() => expect(choicesOf(flair)).toEqual(['Choose a flair', 'Tutorial', 'Showcase']));
    expect(flair).toBeEnabled();
    expect(calls.filter((c) => `GET ${c.url}` === clipsUrl)).toHaveLength(1);

    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    const summary = await form.findByRole('alert', { name: /problems? stops? this post/ });
    expect(summary).toHaveTextContent('Reddit’s r/clips requires a flair on every post; choose one.');
    expect(flair).toHaveAccessibleDescription(/Reddit’s r\/clips requires a flair on every post; choose one\./);
    expect(posted(calls)).toHaveLength(0);

    await userEvent.selectOptions(flair, 'Showcase');
    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toMatchObject({
      targets: [{ platform: 'reddit', options: { subreddit: 'clips', flairId: 'f-showcase' } }],
    });
  });

  it('says to reconnect Reddit when the grant predates the flair permission, and holds a title the community refuses', async () => {
    const { form } = await openPanel(['reddit'], [], {
      [clipsUrl]: {
        body: {
          platform: 'reddit',
          rules: { ...CLIPS, flairRequired: false, flairs: null, reconnectFor: 'choosing a flair', titleMinLength: 40 },
        },
      },
    });
    await userEvent.click(form.getByRole('checkbox', { name: 'Reddit' }));
    await userEvent.type(form.getByRole('combobox', { name: 'Subreddit (required)' }), 'clips');
    const flair = form.getByRole('combobox', { name: 'Reddit flair' });
    await waitFor(() =>
      expect(flair).toHaveAccessibleDescription('Reconnect Reddit on the Accounts screen to allow choosing a flair.'),
    );
    expect(flair).toBeDisabled();
    expect(
      await form.findByText('Reddit’s r/clips needs titles of at least 40 characters; this one has 16.'),
    ).toBeInTheDocument();
  });
});
