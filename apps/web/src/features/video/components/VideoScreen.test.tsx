import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildVideo, signIn } from '@/test/factories';
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

  it('says so when the video does not exist', async () => {
    signIn();
    stubFetch(workspaceRoutes());
    renderApp('/video/999');
    expect(await screen.findByRole('heading', { name: 'Video not found' })).toBeInTheDocument();
  });
});
