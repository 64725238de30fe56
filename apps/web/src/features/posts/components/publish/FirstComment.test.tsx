import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StubRequest } from '@/test/fetch-stub';
import { buildConnection } from '@/test/factories';
import { buildPost } from '@/test/post-factories';
import { connectionId, openPanel } from './panel-test-support';

const posted = (calls: StubRequest[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/videos/31/posts');
const created = { status: 201, body: { posts: [buildPost('x', { videoId: 31 })] } };

describe('publish panel: the first comment', () => {
  it("offers it per platform by the platform's own word, checks its length and sends it with the target", async () => {
    const { form, calls } = await openPanel(['x', 'tiktok'], [], { 'POST /api/videos/31/posts': created });
    await userEvent.click(form.getByRole('checkbox', { name: 'X (Twitter)' }));
    await userEvent.click(form.getByRole('checkbox', { name: 'TikTok' }));
    // TikTok's API has no comment call: no field for it.
    expect(form.queryByRole('textbox', { name: /^First comment on TikTok/ })).not.toBeInTheDocument();
    const reply = form.getByRole('textbox', { name: /^First reply on X \(Twitter\)/ });
    expect(reply).toHaveAccessibleDescription(/Posted once under the post as soon as it is live/);

    fireEvent.change(reply, { target: { value: 'a'.repeat(281) } });
    expect(reply).toHaveAccessibleDescription(/X allows 280 characters in a reply/);
    await userEvent.clear(reply);
    await userEvent.type(reply, 'Full cut on the blog');
    await userEvent.click(form.getByRole('checkbox', { name: 'TikTok' }));
    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]!.body).toMatchObject({
      targets: [{ platform: 'x', firstComment: 'Full cut on the blog' }],
    });
  });

  it('says to reconnect an account connected before Fanout asked for the comment permission', async () => {
    const youtube = buildConnection('youtube', {
      id: connectionId('youtube'),
      missingFeatures: [
        {
          feature: 'first_comment',
          scope: 'https://www.googleapis.com/auth/youtube.force-ssl',
          label: 'posting a first comment',
        },
      ],
    });
    const { form } = await openPanel(['youtube'], [], {
      'GET /api/connections?project_id=1': { body: { connections: [youtube] } },
    });
    await userEvent.click(form.getByRole('checkbox', { name: 'YouTube' }));
    expect(form.getByRole('link', { name: 'Reconnect to allow posting a first comment' })).toHaveAttribute(
      'href',
      '/accounts',
    );
    expect(form.queryByRole('textbox', { name: /^First comment on YouTube/ })).not.toBeInTheDocument();
  });

  it("shows a failed comment beside the published post, in the platform's words, and retries only the comment", async () => {
    const post = buildPost('x', {
      videoId: 31,
      status: 'published',
      url: 'https://x.com/fanout/status/1',
      firstComment: {
        text: 'Full cut on the blog',
        status: 'failed',
        url: null,
        error: { code: 'rejected', message: 'X (Twitter) refused the comment: replies are limited' },
      },
    });
    const again = { ...post, firstComment: { ...post.firstComment!, status: 'pending' as const, error: null } };
    const { calls } = await openPanel(['x'], [post], {
      [`POST /api/posts/${post.id}/first-comment/retry`]: { body: { post: again } },
    });
    const list = await screen.findByRole('list', { name: /posts/i });
    expect(within(list).getByText('First reply, not posted:')).toBeInTheDocument();
    const retry = within(list).getByRole('button', { name: 'Retry reply on X (Twitter)' });
    expect(retry).toHaveAccessibleDescription('X (Twitter) refused the comment: replies are limited');
    await userEvent.click(retry);
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'POST' && c.url === `/api/posts/${post.id}/first-comment/retry`),
      ).toHaveLength(1),
    );
    expect(calls.filter((c) => c.method === 'POST' && c.url === `/api/posts/${post.id}/retry`)).toHaveLength(0);
  });
});
