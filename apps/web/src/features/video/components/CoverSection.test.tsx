import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Video } from '@fanout/contracts';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildVideo, signIn } from '@/test/factories';
import { stubFetch, type StubRequest, type StubRoutes } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const video = buildVideo({ id: 31, title: 'Street food tour', durationSeconds: 42, width: 1280, height: 720 });
const framed: Video = { ...video, cover: { kind: 'frame', frameMs: 1200, url: '/uploads/still-31.jpg' } };
const imaged: Video = {
  ...video,
  cover: { kind: 'image', width: 320, height: 240, mimeType: 'image/png', url: '/uploads/cover-31.png' },
};

async function openCover(start: Video, extra: StubRoutes = {}) {
  signIn();
  const routes = workspaceRoutes();
  routes['GET /api/videos/31'] = { body: { video: start } };
  routes['GET /api/videos/31/posts'] = { body: { posts: [] } };
  const stub = stubFetch({ ...routes, ...extra });
  renderApp('/video/31');
  const section = within(await screen.findByRole('region', { name: 'Cover' }));
  return { ...stub, section };
}

const coverCalls = (calls: StubRequest[]) => calls.filter((c) => c.url.startsWith('/api/videos/31/cover'));

describe('the video’s Cover section', () => {
  it('moves the scrubber showing m:ss, and sends the frame only with "Use this frame"', async () => {
    const { section, calls } = await openCover(video, { 'PUT /api/videos/31/cover': { body: { video: framed } } });
    const scrubber = section.getByRole('slider', { name: 'Cover frame' });
    expect(scrubber).toHaveAttribute('max', '41999');
    // jsdom moves no slider by keys: the browser test (e2e/cover.test.ts) does that with the keyboard.
    fireEvent.change(scrubber, { target: { value: '41900' } });
    expect(section.getByText('0:41')).toBeInTheDocument();
    fireEvent.change(scrubber, { target: { value: '1200' } });
    expect(scrubber).toHaveAttribute('aria-valuetext', '0:01');
    expect(coverCalls(calls)).toHaveLength(0);

    await userEvent.click(section.getByRole('button', { name: 'Use this frame' }));
    expect(await section.findByText('The frame is now the cover.')).toBeInTheDocument();
    expect(coverCalls(calls).map((c) => [c.method, c.body])).toEqual([['PUT', { frameMs: 1200 }]]);
    expect(section.getByRole('img', { name: 'The cover: the frame at 0:01' })).toHaveAttribute(
      'src',
      '/uploads/still-31.jpg',
    );
    expect(section.getByText('TikTok: the frame at 0:01')).toBeInTheDocument();
  });

  it('uploads a PNG as the body, and checks type and size before sending', async () => {
    const { section, calls } = await openCover(video, {
      'PUT /api/videos/31/cover/image': { body: { video: imaged } },
    });
    const input = section.getByLabelText('Upload an image');
    await userEvent.upload(input, new File(['GIF89a'], 'c.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(section.getByRole('alert')).toHaveTextContent('Choose a JPEG or PNG image.');
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await userEvent.upload(input, big);
    expect(section.getByRole('alert')).toHaveTextContent('larger than 2 MB');
    expect(coverCalls(calls)).toHaveLength(0);

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'c.png', { type: 'image/png' });
    await userEvent.upload(input, png);
    expect(await section.findByText('Your image is now the cover.')).toBeInTheDocument();
    const [sent] = coverCalls(calls);
    expect(sent).toMatchObject({ method: 'PUT', url: '/api/videos/31/cover/image', body: png });
    expect(sent!.headers.get('content-type')).toBe('image/png');
    expect(section.getByText('YouTube: your image')).toBeInTheDocument();
    expect(section.getByText('Instagram: its own choice of frame (an image needs a public address)')).toBeVisible();
  });

  it('shows the server’s words when it refuses the image', async () => {
    const refusal = { status: 400, body: { error: 'The file is not a JPEG or PNG image', code: 'not_an_image' } };
    const { section } = await openCover(video, { 'PUT /api/videos/31/cover/image': refusal });
    const fake = new File(['not really'], 'c.png', { type: 'image/png' });
    await userEvent.upload(section.getByLabelText('Upload an image'), fake);
    expect(await section.findByRole('alert')).toHaveTextContent('The file is not a JPEG or PNG image');
  });

  it('removes the cover, and then says what each platform does by itself', async () => {
    const { section, calls } = await openCover(imaged, { 'DELETE /api/videos/31/cover': { body: { video } } });
    expect(section.getByText('Reddit: your image')).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Remove cover' }));
    expect(await section.findByText(/The cover was removed/)).toBeInTheDocument();
    expect(coverCalls(calls).map((c) => c.method)).toEqual(['DELETE']);
    expect(section.getByText('TikTok: its own choice of frame')).toBeInTheDocument();
    expect(section.getByText('X (Twitter): takes no cover')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Remove cover' })).not.toBeInTheDocument();
  });

  it('says Instagram gets the image when the server’s address is public', async () => {
    const routes = workspaceRoutes();
    const config = (routes['GET /api/config'] as { body: Record<string, unknown> }).body;
    const { section } = await openCover(imaged, {
      'GET /api/config': { body: { ...config, covers: { publicAddress: true } } },
    });
    await waitFor(() => expect(section.getByText('Instagram: your image')).toBeInTheDocument());
  });
});
