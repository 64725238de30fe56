import { createHash } from 'node:crypto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildVideo, signIn } from '@/test/factories';
import { FakeXhr } from '@/test/fake-xhr';
import { stubFetch, type StubRoutes } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { answerCreation, sentRequest, uploadMetadata } from '@/test/tus-exchange';

const CONTENT = 'x'.repeat(2048);
const clip = () => new File([CONTENT], 'Beach day.mp4', { type: 'video/mp4' });
const SHA256 = createHash('sha256').update(CONTENT).digest('hex');
const SIZE_CHECK = 'GET /api/upload/check?project_id=1&size=2048';
const HASH_CHECK = `${SIZE_CHECK}&sha256=${SHA256}`;
const FIRST = buildVideo({ id: 7, title: 'Beach day (first)' });

async function chooseClip(routes: StubRoutes) {
  signIn();
  const stub = stubFetch(routes);
  FakeXhr.install();
  const app = renderApp('/dashboard');
  const user = userEvent.setup({ applyAccept: false });
  await user.click(await screen.findByRole('button', { name: 'Upload Videos' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload Videos' });
  await user.upload(within(dialog).getByLabelText('Video files'), clip());
  return { ...stub, ...app, user, dialog };
}

function projectWithTheClip(): StubRoutes {
  return {
    // The library's own list is not what this is about: the first copy is the one the check names.
    ...workspaceRoutes(),
    'GET /api/videos?project_id=1&limit=50': { body: { videos: [], nextCursor: null, total: 0 } },
    [SIZE_CHECK]: { body: { sameSize: true, duplicate: null } },
    [HASH_CHECK]: { body: { sameSize: true, duplicate: { videoId: 7, title: FIRST.title } } },
    'GET /api/videos/7': { body: { video: FIRST } },
  };
}

describe('a file the project has already, found before it is sent', () => {
  it('is offered as "already in this project" before a byte is sent; Keep both then sends it as a second copy', async () => {
    const { user, dialog, calls } = await chooseClip(projectWithTheClip());
    const row = await within(dialog).findByRole('listitem');
    expect(row).toHaveTextContent('“Beach day” is already in this project.');
    expect(FakeXhr.sent).toHaveLength(0);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(expect.arrayContaining([SIZE_CHECK, HASH_CHECK]));
    expect(screen.queryByRole('article', { name: 'Beach day' })).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Keep both' }));
    const post = await answerCreation(0);
    expect(uploadMetadata(post)).toMatchObject({ title: 'Beach day', allow_duplicate: 'true' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Videos' })).toBeNull());
    expect(within(await screen.findByRole('article', { name: 'Beach day' })).getByText('Uploading')).toBeVisible();
  });

  it('Open the first sends nothing and opens the video that was there first', async () => {
    const { user, dialog, router } = await chooseClip(projectWithTheClip());
    const row = await within(dialog).findByRole('listitem');
    await user.click(within(row).getByRole('button', { name: 'Open the first' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/video/7'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Videos' })).toBeNull());
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('reads no file whose size no video of the project has: it is sent at once, without the allow flag', async () => {
    const routes = { ...workspaceRoutes(), [SIZE_CHECK]: { body: { sameSize: false, duplicate: null } } };
    const { calls } = await chooseClip(routes);
    const post = await sentRequest(0);
    expect(uploadMetadata(post).allow_duplicate).toBeUndefined();
    expect(calls.filter((call) => call.url.includes('sha256='))).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Videos' })).toBeNull());
  });

  it('shows "Checking for duplicates…" while it is unsure, and "Upload without checking" sends the file at once', async () => {
    const routes = projectWithTheClip();
    // The server is slow to answer the question with the hash.
    routes[HASH_CHECK] = () => undefined;
    const pending = stubFetchHolding(routes);
    const { user, dialog } = await chooseClip(routes);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Checking for duplicates… Beach day');
    expect(within(dialog).getByRole('progressbar', { name: 'Checking Beach day for duplicates' })).toBeVisible();
    expect(FakeXhr.sent).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Upload without checking' }));
    const post = await sentRequest(0);
    expect(uploadMetadata(post).allow_duplicate).toBeUndefined();
    expect(pending.aborted()).toBe(true);
    await act(async () => undefined);
    expect(screen.queryByRole('dialog', { name: 'Upload Videos' })).toBeNull();
  });

  it('closing the dialog while the server has not answered sends the file without waiting', async () => {
    const routes = { ...projectWithTheClip(), [SIZE_CHECK]: () => undefined };
    stubFetchHolding(routes);
    const { user, dialog } = await chooseClip(routes);
    expect(within(dialog).getByText('Drop your videos here')).toBeVisible();
    expect(FakeXhr.sent).toHaveLength(0);

    await user.keyboard('{Escape}');
    const post = await sentRequest(0);
    expect(uploadMetadata(post).title).toBe('Beach day');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Videos' })).toBeNull());
  });
});

/** Makes the routes answering `undefined` hang until their request is aborted, instead of answering 404. */
function stubFetchHolding(routes: StubRoutes) {
  let signal: AbortSignal | undefined;
  for (const [key, route] of Object.entries(routes)) {
    if (typeof route !== 'function' || route({} as never) !== undefined) continue;
    routes[key] = (request) => {
      signal = request.signal;
      // As a browser's fetch does, the body fails once the request is aborted.
      const stream = new ReadableStream<Uint8Array>({
        start: (controller) =>
          signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError'))),
      });
      return { stream };
    };
  }
  return { aborted: () => signal?.aborted ?? false };
}
