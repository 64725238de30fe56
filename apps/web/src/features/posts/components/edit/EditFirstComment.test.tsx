import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Post } from '@fanout/contracts';
import type { StubRequest } from '@/test/fetch-stub';
import { buildPost } from '@/test/post-factories';
import { connectionId, openPanel } from '../publish/panel-test-support';

const scheduled = (platform: Post['platform'], changes: Partial<Post> = {}) =>
  buildPost(platform, {
    id: 7,
    videoId: 31,
    videoTitle: 'Street food tour',
    connectionId: connectionId(platform),
    scheduledAt: '2030-06-01T08:00:00.000Z',
    ...changes,
  });
const patched = (calls: StubRequest[]) => calls.filter((c) => c.method === 'PATCH' && c.url === '/api/posts/7');

async function editPost(post: Post, name: string) {
  const stub = await openPanel([post.platform], [post], { 'PATCH /api/posts/7': { body: { post } } });
  const list = within(await screen.findByRole('list', { name: 'Posts' }));
  await userEvent.click(within(list.getByRole('listitem', { name })).getByRole('button', { name: 'Edit' }));
  const dialog = within(await screen.findByRole('dialog', { name: `Edit the ${name} post` }));
  return { ...stub, dialog };
}

describe('editing the first comment of a scheduled post', () => {
  it("changes it with the platform's limit shown as in the composer, and clears it", async () => {
    const post = scheduled('x', { firstComment: { text: 'Soon', status: 'pending', url: null, error: null } });
    const { dialog, calls } = await editPost(post, 'X (Twitter)');
    const reply = await dialog.findByRole('textbox', { name: /^First reply on X \(Twitter\)/ });
    expect(reply).toHaveValue('Soon');

    fireEvent.change(reply, { target: { value: 'a'.repeat(281) } });
    expect(reply).toHaveAccessibleDescription(/X allows 280 characters in a reply/);
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(patched(calls)).toHaveLength(0);

    await userEvent.clear(reply);
    await userEvent.type(reply, 'Full cut on the blog');
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patched(calls)).toHaveLength(1));
    expect(patched(calls)[0]!.body).toEqual({ firstComment: 'Full cut on the blog' });
  });

  it('sends null when it is emptied', async () => {
    const post = scheduled('x', { firstComment: { text: 'Soon', status: 'pending', url: null, error: null } });
    const { dialog, calls } = await editPost(post, 'X (Twitter)');
    await userEvent.clear(await dialog.findByRole('textbox', { name: /^First reply on X \(Twitter\)/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patched(calls)).toHaveLength(1));
    expect(patched(calls)[0]!.body).toEqual({ firstComment: null });
  });

  it('offers no field for TikTok, which takes no comment', async () => {
    const { dialog } = await editPost(scheduled('tiktok', { options: { privacyLevel: 'SELF_ONLY' } }), 'TikTok');
    await dialog.findByRole('textbox', { name: 'Caption on TikTok' });
    expect(dialog.queryByRole('textbox', { name: /^First comment/ })).not.toBeInTheDocument();
  });
});
