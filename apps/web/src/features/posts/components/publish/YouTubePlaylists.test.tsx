import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StubRequest } from '@/test/fetch-stub';
import { buildConnection } from '@/test/factories';
import { buildPost } from '@/test/post-factories';
import { connectionId, openPanel } from './panel-test-support';

const created = { status: 201, body: { posts: [buildPost('youtube', { videoId: 31 })] } };
const sentOptions = (calls: StubRequest[]) => {
  const post = calls.find((c) => c.method === 'POST' && c.url === '/api/videos/31/posts');
  return (post?.body as { targets: { options: Record<string, unknown> }[] } | undefined)?.targets[0]?.options;
};

/** The sandbox channel as connected before Fanout asked for youtube.force-ssl: one feature it lacks. */
const channelWithout = (feature: string, label: string) =>
  buildConnection('youtube', {
    id: connectionId('youtube'),
    missingFeatures: [{ feature, scope: 'https://www.googleapis.com/auth/youtube.force-ssl', label }],
  });

describe('publish panel: YouTube playlists', () => {
  it("offers the channel's own playlists as checkboxes and sends the ids of those ticked", async () => {
    const { form, calls } = await openPanel(['youtube'], [], { 'POST /api/videos/31/posts': created });
    await userEvent.click(form.getByRole('checkbox', { name: 'YouTube' }));
    const group = form.getByRole('group', { name: /^Playlists/ });
    expect(group).toHaveAccessibleDescription(/added to each chosen playlist once it is up on YouTube/);
    await userEvent.click(await within(group).findByRole('checkbox', { name: 'Shorts' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Travel' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Shorts' }));
    await userEvent.click(form.getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(sentOptions(calls)).toMatchObject({ playlistIds: ['PLtravel'] }));
    expect(calls.filter((c) => c.url === `/api/connections/${connectionId('youtube')}/playlists`)).toHaveLength(1);
  });

  it('says to reconnect a channel connected before Fanout asked for youtube.force-ssl, without asking YouTube', async () => {
    const youtube = channelWithout('playlists', 'adding to playlists');
    const { form, calls } = await openPanel(['youtube'], [], {
      'GET /api/connections?project_id=1': { body: { connections: [youtube] } },
    });
    await userEvent.click(form.getByRole('checkbox', { name: 'YouTube' }));
    expect(form.getByRole('link', { name: 'Reconnect to allow adding to playlists' })).toHaveAttribute(
      'href',
      '/accounts',
    );
    expect(form.queryByRole('group', { name: /^Playlists/ })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/playlists'))).toHaveLength(0);
  });

  it("says a channel without the captions permission cannot take this video's captions, before anything is sent", async () => {
    const youtube = channelWithout('captions', 'sending captions');
    const track = (id: number, language: string) => ({
      id,
      language,
      label: null,
      format: 'srt',
      cueCount: 3,
      url: `/media/captions/${language}.srt`,
      uploadedAt: '2026-11-01T10:00:00.000Z',
    });
    const captions = [track(1, 'en'), track(2, 'fr')];
    const { form } = await openPanel(['youtube'], [], {
      'GET /api/connections?project_id=1': { body: { connections: [youtube] } },
      'GET /api/videos/31/captions': () => ({ body: { captions } }),
    });
    await userEvent.click(form.getByRole('checkbox', { name: 'YouTube' }));
    const link = await form.findByRole('link', { name: 'Reconnect to allow sending captions' });
    expect(link).toHaveAttribute('href', '/accounts');
    expect(link.parentElement).toHaveTextContent(
      `Captions (en, fr) cannot be sent to ${youtube.accountName}: Reconnect to allow sending captions, or remove`,
    );
  });

  it('says nothing of captions for a video without them: it posts as before', async () => {
    const youtube = channelWithout('captions', 'sending captions');
    const { form, calls } = await openPanel(['youtube'], [], {
      'GET /api/connections?project_id=1': { body: { connections: [youtube] } },
      'GET /api/videos/31/captions': { body: { captions: [] } },
    });
    await userEvent.click(form.getByRole('checkbox', { name: 'YouTube' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/videos/31/captions')).toBe(true));
    expect(await form.findByText(/^Cover ·/)).toBeInTheDocument();
    expect(form.queryByText(/cannot be sent to/)).not.toBeInTheDocument();
  });

  it("lists a post's playlists by title, and YouTube's words when it refused one", async () => {
    const post = buildPost('youtube', {
      videoId: 31,
      connectionId: connectionId('youtube'),
      status: 'published',
      url: 'https://www.youtube.com/watch?v=abc',
      options: { privacy: 'public', playlistIds: ['PLtravel', 'PLshorts', 'PLgone'] },
      playlistError:
        "The playlist identified with the request's playlistId parameter cannot be found. (playlist PLgone)",
    });
    await openPanel(['youtube'], [post]);
    const list = await screen.findByRole('list', { name: /posts/i });
    expect(await within(list).findByText('Travel, Shorts, PLgone')).toBeInTheDocument();
    expect(within(list).getByText('Travel, Shorts, PLgone').parentElement).toHaveTextContent(
      'Playlists: Travel, Shorts, PLgone',
    );
    expect(within(list).getByText(/Not added to a playlist:/).parentElement).toHaveTextContent(/cannot be found/);
  });

  it("shows the platform's words on a published post whose cover it refused", async () => {
    const words = "The authenticated user doesn't have permissions to upload and set custom video thumbnails.";
    const post = buildPost('youtube', { videoId: 31, status: 'published', coverError: words });
    await openPanel(['youtube'], [post]);
    const list = await screen.findByRole('list', { name: /posts/i });
    expect(within(list).getByText('Cover not set on YouTube:').parentElement).toHaveTextContent(words);
  });

  it("shows the platform's words on a published post whose caption track it refused", async () => {
    const words = 'fr: The caption track is malformed.';
    const post = buildPost('youtube', { videoId: 31, status: 'published', captionsError: words });
    await openPanel(['youtube'], [post]);
    const list = await screen.findByRole('list', { name: /posts/i });
    expect(within(list).getByText('Captions not added on YouTube:').parentElement).toHaveTextContent(words);
    expect(within(list).queryByText(/Cover not set/)).toBeNull();
  });
});
