import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StubRequest } from '@/test/fetch-stub';
import { buildPost } from '@/test/post-factories';
import { openPanel, publishOptionsUrl, TIKTOK_OPTIONS } from './panel-test-support';

const created = { status: 201, body: { posts: [buildPost('tiktok', { videoId: 31 })] } };
const posted = (calls: StubRequest[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/videos/31/posts');
const tiktokSays = (options: object) => ({ body: { platform: 'tiktok', options: { ...TIKTOK_OPTIONS, ...options } } });

async function openTikTok(options: object = {}) {
  const panel = await openPanel(['tiktok'], [], {
    [publishOptionsUrl('tiktok')]: tiktokSays(options),
    'POST /api/videos/31/posts': created,
  });
  await userEvent.click(panel.form.getByRole('checkbox', { name: 'TikTok' }));
  await panel.form.findByText(/Posting to TikTok as/);
  return panel;
}

const optionOf = (select: HTMLElement, name: string) => within(select).getByRole('option', { name });

// developers.tiktok.com "Content Sharing Guidelines", "Required UX Implementation in Your App" 1-4.
describe("publish panel: what TikTok's Direct Post audit asks the composer to show", () => {
  it("names the creator by nickname, says the account's longest video and the music declaration before the buttons", async () => {
    const { form } = await openTikTok({ maxDurationSeconds: 180 });
    expect(form.getByText(/Posting to TikTok as/)).toHaveTextContent(
      'Posting to TikTok as Fanout Sandbox (@fanout.sandbox). This account may post videos of up to 3 minutes.',
    );
    const declaration = form.getByText(/By posting, you agree to TikTok/);
    expect(declaration).toHaveTextContent('By posting, you agree to TikTok’s Music Usage Confirmation.');
    expect(form.getByRole('link', { name: 'Music Usage Confirmation' })).toHaveAttribute(
      'href',
      expect.stringContaining('music-usage-confirmation'),
    );
    const publish = form.getByRole('button', { name: 'Publish now' });
    expect(declaration.compareDocumentPosition(publish) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The disclosure starts off, its two choices out of view until it is turned on.
    expect(form.getByRole('checkbox', { name: 'Disclose video content' })).not.toBeChecked();
    expect(form.queryByRole('checkbox', { name: 'Your brand' })).not.toBeInTheDocument();
  });

  it('the disclosure turned on asks what it promotes, labels the video, and sends both toggles', async () => {
    const { form, calls } = await openTikTok();
    await userEvent.click(form.getByRole('checkbox', { name: 'Disclose video content' }));
    const yours = form.getByRole('checkbox', { name: 'Your brand' });
    const branded = form.getByRole('checkbox', { name: 'Branded content' });
    expect(yours).not.toBeChecked();
    expect(branded).not.toBeChecked();
    const privacy = form.getByRole('combobox', { name: 'TikTok privacy' });
    await userEvent.selectOptions(privacy, 'Followers');

    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You need to indicate if your content promotes yourself, a third party, or both.',
    );
    expect(posted(calls)).toHaveLength(0);

    await userEvent.click(yours);
    expect(form.getByText(/Your video will be labeled/)).toHaveTextContent(
      'Your video will be labeled “Promotional content”.',
    );
    await userEvent.click(branded);
    expect(form.getByText(/Your video will be labeled/)).toHaveTextContent(
      'Your video will be labeled “Paid partnership”.',
    );
    expect(form.getByText(/By posting, you agree to TikTok/)).toHaveTextContent(
      'By posting, you agree to TikTok’s Branded Content Policy and Music Usage Confirmation.',
    );
    // Branded content cannot be private: "Only me" stays in view, not choosable, and the field says why.
    expect(optionOf(privacy, 'Only me')).toBeDisabled();
    expect(privacy).toHaveAccessibleDescription('Branded content visibility cannot be set to private.');

    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toMatchObject({
      targets: [
        {
          platform: 'tiktok',
          options: {
            privacyLevel: 'FOLLOWER_OF_CREATOR',
            commercialContent: true,
            brandOrganic: true,
            brandContent: true,
          },
        },
      ],
    });
  });

  it('with "Only me" chosen, Branded content is off and locked, saying why', async () => {
    const { form } = await openTikTok();
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'TikTok privacy' }), 'Only me');
    await userEvent.click(form.getByRole('checkbox', { name: 'Disclose video content' }));
    const branded = form.getByRole('checkbox', { name: 'Branded content' });
    expect(branded).toBeDisabled();
    expect(branded).not.toBeChecked();
    expect(branded).toHaveAccessibleDescription(/Branded content visibility cannot be set to private/);
    expect(form.getByRole('checkbox', { name: 'Your brand' })).toBeEnabled();
  });

  it('a live app that has not passed the Direct Post audit offers "Only me" alone and says why', async () => {
    const { form } = await openTikTok({ privacyLevelOptions: ['SELF_ONLY'], directPostAudited: false });
    const privacy = form.getByRole('combobox', { name: 'TikTok privacy' });
    expect(
      within(privacy)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose who can watch', 'Only me']);
    expect(form.getByText(/not passed TikTok's Direct Post audit/)).toHaveTextContent(
      "This app has not passed TikTok's Direct Post audit yet: TikTok keeps every post it sends private (Only me) until it does. Only “Only me” is offered.",
    );
  });

  it('interactions the account turned off are shown off and locked', async () => {
    const { form } = await openTikTok({ commentDisabled: true, duetDisabled: true });
    for (const name of ['Allow comments', 'Allow Duet']) {
      const box = form.getByRole('checkbox', { name });
      expect(box).toBeDisabled();
      expect(box).not.toBeChecked();
    }
    expect(form.getByRole('checkbox', { name: 'Allow Stitch' })).toBeEnabled();
  });
});
