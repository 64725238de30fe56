import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildVideo, signIn } from '@/test/factories';
import { FakeXhr } from '@/test/fake-xhr';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { answerCreation, sentRequest } from '@/test/tus-exchange';

// jsdom cannot decode media; the browser's answer for these files is given here.
vi.mock('../media-duration', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../media-duration')>()),
  readMediaDuration: vi.fn(async (src: string) => {
    if (src.endsWith('broken.mp4')) throw new Error('unreadable');
    return 125.4;
  }),
}));

describe('duration backfill', () => {
  it("reads the duration of every video still at '0:00' and saves it", async () => {
    const unknown = buildVideo({ id: 21, title: 'No duration yet', duration: '0:00', filename: 'a.mp4' });
    const broken = buildVideo({ id: 22, title: 'Broken file', duration: '0:00', filename: 'broken.mp4' });
    const known = buildVideo({ id: 23, title: 'Known', duration: '0:42' });
    signIn();
    const routes = workspaceRoutes({ videos: [unknown, broken, known] });
    routes['PATCH /api/videos/21/duration'] = ({ body }) => ({ body: { video: { ...unknown, ...(body as object) } } });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { calls } = stubFetch(routes);
    renderApp('/dashboard');

    const card = await screen.findByRole('article', { name: 'No duration yet' });
    await waitFor(() => expect(within(card).getByText('2:05')).toBeInTheDocument());
    const saves = calls.filter((c) => c.url.endsWith('/duration'));
    expect(saves).toEqual([
      expect.objectContaining({ method: 'PATCH', url: '/api/videos/21/duration', body: { duration: '2:05' } }),
    ]);
    expect(within(screen.getByRole('article', { name: 'Broken file' })).getByText('0:00')).toBeInTheDocument();
  });

  it("also reads and saves the duration of a video that comes back from the upload at '0:00'", async () => {
    const uploaded = buildVideo({ id: 24, title: 'Fresh upload', duration: '0:00', filename: 'fresh.mp4' });
    signIn();
    const routes = workspaceRoutes({ videos: [buildVideo({ id: 25, title: 'Already there', duration: '0:42' })] });
    routes['PATCH /api/videos/24/duration'] = ({ body }) => ({ body: { video: { ...uploaded, ...(body as object) } } });
    const { calls } = stubFetch(routes);
    FakeXhr.install();
    renderApp('/dashboard');
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Already there' });
    expect(calls.some((c) => c.url.endsWith('/duration'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Upload Videos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Videos' });
    await user.upload(
      within(dialog).getByLabelText('Video files'),
      new File(['x'], 'Fresh upload.mp4', { type: 'video/mp4' }),
    );
    await answerCreation(0);
    const patch = await sentRequest(1);
    await act(async () => patch.respond(200, { video: uploaded }, { 'Upload-Offset': '1' }));

    const card = await screen.findByRole('article', { name: 'Fresh upload' });
    await waitFor(() => expect(within(card).getByText('2:05')).toBeInTheDocument());
    expect(calls.filter((c) => c.url.endsWith('/duration'))).toEqual([
      expect.objectContaining({ method: 'PATCH', url: '/api/videos/24/duration', body: { duration: '2:05' } }),
    ]);
  });
});
