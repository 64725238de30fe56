import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import type { ProjectRole } from '@fanout/contracts';
import { buildProject, buildVideo, signIn } from '@/test/factories';
import { buildPost } from '@/test/post-factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const video = buildVideo({
  id: 31,
  title: 'Street food tour',
  filename: 'f1.mp4',
  thumbnail: '/uploads/f1.jpg',
  width: 1280,
  height: 720,
  videoCodec: 'h264',
  audioCodec: null,
  sizeBytes: 66150,
  tags: ['food', 'travel'],
  platforms: ['youtube'],
});

describe('video page', () => {
  it('plays the file and shows what is known about it', async () => {
    signIn();
    const routes = workspaceRoutes();
    routes['GET /api/videos/31'] = { body: { video } };
    stubFetch(routes);
    const { container } = renderApp('/video/31');
    expect(await screen.findByRole('heading', { name: 'Street food tour' })).toBeInTheDocument();
    expect(container.querySelector('video')).toHaveAttribute('src', '/uploads/f1.mp4');
    expect(screen.getByRole('img', { name: 'Thumbnail of Street food tour' })).toHaveAttribute(
      'src',
      '/uploads/f1.jpg',
    );
    expect(screen.getByText('1280 × 720')).toBeInTheDocument();
    expect(screen.getByText('h264')).toBeInTheDocument();
    expect(screen.getByText(/66,150 bytes/)).toBeInTheDocument();
    expect(screen.getByText('#travel')).toBeInTheDocument();
  });

  it('deletes the video after confirmation and returns to the library', async () => {
    signIn();
    const routes = workspaceRoutes();
    routes['GET /api/videos/31'] = { body: { video } };
    routes['DELETE /api/videos/31'] = { body: { deleted: [31] } };
    const { calls } = stubFetch(routes);
    const { router } = renderApp('/video/31');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Delete this video?');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/videos/31')).toBe(true);
  });

  /** The page as a member of the given role sees it, with one failed and one scheduled post and a caption track. */
  async function openAs(role: ProjectRole) {
    signIn();
    const routes = workspaceRoutes({ projects: [buildProject({ role })], platforms: ['tiktok'] });
    routes['GET /api/videos/31'] = { body: { video: { ...video, cover: { kind: 'frame', frameMs: 0, url: null } } } };
    routes['GET /api/videos/31/posts'] = {
      body: {
        posts: [
          buildPost('tiktok', { id: 7, videoId: 31, status: 'failed' }),
          buildPost('youtube', { id: 8, videoId: 31, status: 'scheduled', scheduledAt: '2030-07-01T07:00:00.000Z' }),
        ],
      },
    };
    routes['GET /api/videos/31/captions'] = {
      body: {
        captions: [
          {
            id: 1,
            language: 'en',
            label: null,
            format: 'vtt',
            cueCount: 3,
            url: '/c.vtt',
            uploadedAt: '2030-01-01T00:00:00Z',
          },
        ],
      },
    };
    routes['GET /api/videos/31/notes'] = { body: { notes: [] } };
    stubFetch(routes);
    renderApp('/video/31');
    await screen.findByRole('heading', { name: 'Street food tour' });
    await screen.findByText(/3 cues/);
    // The video's posts are listed (the failed one says so), whatever the role may do with them.
    expect(await screen.findAllByText('Failed')).not.toHaveLength(0);
    await screen.findAllByRole('button', { name: /notes/i });
  }

  it('offers a reviewer no change: no details, delete, cover, captions, publishing, Edit, Retry or Cancel', async () => {
    await openAs('reviewer');
    for (const name of [
      'Edit details',
      'Delete',
      'Use this frame',
      'Remove en captions',
      'Upload captions',
      'Retry',
      'Edit',
      'Edit and retry',
      'Cancel post',
    ]) {
      expect(screen.queryByRole('button', { name }), name).not.toBeInTheDocument();
    }
    expect(screen.queryByLabelText('Upload an image')).not.toBeInTheDocument();
    // What there is stays in view: the player, the cover's summary, the tracks, the notes.
    expect(screen.getByText(/The frame at/)).toBeInTheDocument();
  });

  it('offers an editor every change', async () => {
    await openAs('editor');
    for (const name of ['Edit details', 'Delete', 'Remove en captions', 'Retry', 'Cancel post']) {
      expect(screen.getByRole('button', { name }), name).toBeInTheDocument();
    }
  });

  it('says so when the video does not exist', async () => {
    signIn();
    stubFetch(workspaceRoutes());
    renderApp('/video/999');
    expect(await screen.findByRole('heading', { name: 'Video not found' })).toBeInTheDocument();
  });
});
