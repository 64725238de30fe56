import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildVideo, signIn } from '@/test/factories';
import { FakeXhr } from '@/test/fake-xhr';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { forgetUploads } from '../uploads-store';
import { answerCreation, pathOf, sentRequest, uploadMetadata } from '@/test/tus-exchange';

const clip = () => new File(['x'.repeat(2048)], 'Beach day.mp4', { type: 'video/mp4' });
const notes = () => new File(['notes'], 'notes.txt', { type: 'text/plain' });

async function openUploadModal(routes = workspaceRoutes()) {
  signIn();
  stubFetch(routes);
  FakeXhr.install();
  renderApp('/dashboard');
  const user = userEvent.setup({ applyAccept: false });
  await user.click(await screen.findByRole('button', { name: 'Upload Videos' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload Videos' });
  expect(within(dialog).getByText('Drop your videos here')).toBeInTheDocument();
  expect(within(dialog).getByText('or click to browse')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Choose Files' })).toBeInTheDocument();
  return { user, dialog };
}

describe('upload', () => {
  it('does nothing when no video file is among the chosen files', async () => {
    const { user, dialog } = await openUploadModal();
    await user.upload(within(dialog).getByLabelText('Video files'), notes());
    expect(FakeXhr.sent).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Upload Videos' })).toBeInTheDocument();
  });

  it('shows each upload at once with live progress, then the server video awaiting details', async () => {
    const routes = workspaceRoutes();
    routes['GET /api/videos/55'] = {
      body: { video: buildVideo({ id: 55, title: 'Beach day', status: 'processing' }) },
    };
    const { user, dialog } = await openUploadModal(routes);
    await user.upload(within(dialog).getByLabelText('Video files'), [notes(), clip()]);
    const card = screen.getByRole('article', { name: 'Beach day' });
    expect(within(card).getByText('Uploading')).toBeInTheDocument();

    // tus 1.0: the upload is created with its length and metadata, then its bytes are sent to its address.
    const post = await answerCreation(0);
    expect(pathOf(post)).toBe('/api/tus');
    expect(post.headers.authorization).toBe('Bearer test-token');
    expect(post.headers['tus-resumable']).toBe('1.0.0');
    expect(post.headers['upload-length']).toBe('2048');
    expect(uploadMetadata(post)).toEqual({
      filename: 'Beach day.mp4',
      filetype: 'video/mp4',
      project_id: '1',
      title: 'Beach day',
    });
    const patch = await sentRequest(1);
    expect(patch.method).toBe('PATCH');
    expect(pathOf(patch)).toBe('/api/tus/up-1');
    expect(patch.headers.authorization).toBe('Bearer test-token');
    expect(patch.headers['upload-offset']).toBe('0');
    expect((patch.body as Blob).size).toBe(2048);
    expect(FakeXhr.sent).toHaveLength(2);

    act(() => patch.progress(512, 2048));
    expect(within(card).getByRole('progressbar', { name: 'Uploading Beach day' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );

    // The last answer names the video the server made of the file.
    await act(async () => patch.respond(204, undefined, { 'Upload-Offset': '2048', 'Fanout-Video-Id': '55' }));
    const done = await screen.findByRole('article', { name: 'Beach day' });
    await waitFor(() => expect(within(done).getByText('Awaiting Details')).toBeInTheDocument());
    expect(within(done).getByRole('link', { name: 'Play Beach day' })).toHaveAttribute('href', '/video/55');
  });

  it('takes the video from the body of the last answer when the server sends it there', async () => {
    const { user, dialog } = await openUploadModal();
    await user.upload(within(dialog).getByLabelText('Video files'), clip());
    await answerCreation(0);
    const patch = await sentRequest(1);
    await act(async () =>
      patch.respond(200, { video: buildVideo({ id: 57, title: 'Beach day' }) }, { 'Upload-Offset': '2048' }),
    );
    const done = await screen.findByRole('article', { name: 'Beach day' });
    await waitFor(() => expect(within(done).getByText('Awaiting Details')).toBeInTheDocument());
    expect(within(done).getByRole('link', { name: 'Play Beach day' })).toHaveAttribute('href', '/video/57');
  });

  it('marks the upload failed when the server refuses it, before any byte is sent', async () => {
    const { user, dialog } = await openUploadModal();
    await user.upload(within(dialog).getByLabelText('Video files'), clip());
    const post = await sentRequest(0);
    await act(async () => post.respond(413, { error: 'Your storage is full: 2.00 KB left', code: 'quota_exceeded' }));
    const card = screen.getByRole('article', { name: 'Beach day' });
    await waitFor(() => expect(within(card).getByText('Failed')).toBeInTheDocument());
    expect(within(card).getByText('Your storage is full: 2.00 KB left')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('says how large a file may be, and refuses a larger one at once: nothing sent, no Retry', async () => {
    const routes = workspaceRoutes();
    routes['GET /api/config'] = {
      body: { productName: 'Fanout', signIn: { passkeys: false, identityProviders: [] }, uploads: { maxBytes: 1024 } },
    };
    const { user, dialog } = await openUploadModal(routes);
    expect(
      await within(dialog).findByText('MP4, MOV, WebM and other video files, up to 1.00 KB each. Several at once.'),
    ).toBeInTheDocument();

    await user.upload(within(dialog).getByLabelText('Video files'), clip());
    expect(FakeXhr.sent).toHaveLength(0);
    const card = screen.getByRole('article', { name: 'Beach day' });
    expect(within(card).getByText('Failed')).toBeInTheDocument();
    expect(within(card).getByText('The file is too large: uploads are limited to 1.00 KB')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('article', { name: 'Beach day' })).not.toBeInTheDocument();
  });

  it('shows a failed upload in the list view with its reason, and Retry sends the file anew', async () => {
    const { user, dialog } = await openUploadModal();
    await user.upload(within(dialog).getByLabelText('Video files'), clip());
    await answerCreation(0);
    const patch = await sentRequest(1);
    await act(async () => patch.respond(422, { error: 'This file is not a video we can read', code: 'not_a_video' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'List view' }));
    const row = screen.getByRole('row', { name: /Beach day/ });
    await waitFor(() => expect(within(row).getByText('This file is not a video we can read')).toBeInTheDocument());
    await user.click(within(row).getByRole('button', { name: 'Retry' }));
    // The server refused that upload for good: the retry is a new upload.
    const again = await sentRequest(2);
    expect(again.method).toBe('POST');
    expect(pathOf(again)).toBe('/api/tus');
  });

  it('carries on from the last byte the server has when the connection drops mid-way', async () => {
    const { user, dialog } = await openUploadModal();
    await user.upload(within(dialog).getByLabelText('Video files'), clip());
    await answerCreation(0);
    const patch = await sentRequest(1);
    act(() => patch.progress(1024, 2048));
    await act(async () => patch.fail());

    // Asked how far it got, the server says 1,024 bytes: only the rest is sent.
    const head = await sentRequest(2);
    expect(head.method).toBe('HEAD');
    expect(pathOf(head)).toBe('/api/tus/up-1');
    expect(head.headers.authorization).toBe('Bearer test-token');
    await act(async () => head.respond(200, undefined, { 'Upload-Offset': '1024', 'Upload-Length': '2048' }));
    const rest = await sentRequest(3);
    expect(rest.method).toBe('PATCH');
    expect(rest.headers['upload-offset']).toBe('1024');
    expect((rest.body as Blob).size).toBe(1024);
    const card = screen.getByRole('article', { name: 'Beach day' });
    expect(within(card).getByText('Uploading')).toBeInTheDocument();

    await act(async () =>
      rest.respond(200, { video: buildVideo({ id: 58, title: 'Beach day' }) }, { 'Upload-Offset': '2048' }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Beach day' })).getByText('Awaiting Details'),
      ).toBeInTheDocument(),
    );
  });

  it('says the upload was interrupted when the browser goes offline, and Retry resumes from the last byte', async () => {
    const { user, dialog } = await openUploadModal();
    await user.upload(within(dialog).getByLabelText('Video files'), clip());
    await answerCreation(0);
    const patch = await sentRequest(1);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await act(async () => patch.fail());
    await user.keyboard('{Escape}');
    const failed = screen.getByRole('article', { name: 'Beach day' });
    await waitFor(() =>
      expect(
        within(failed).getByText('The upload was interrupted. Check your connection and try again.'),
      ).toBeInTheDocument(),
    );
    expect(FakeXhr.sent).toHaveLength(2);

    online.mockReturnValue(true);
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    const retrying = screen.getByRole('article', { name: 'Beach day' });
    expect(within(retrying).getByText('Uploading')).toBeInTheDocument();
    expect(within(retrying).queryByText(/interrupted/)).not.toBeInTheDocument();
    const head = await sentRequest(2);
    expect(head.method).toBe('HEAD');
    await act(async () => head.respond(200, undefined, { 'Upload-Offset': '512', 'Upload-Length': '2048' }));
    const rest = await sentRequest(3);
    expect(rest.headers['upload-offset']).toBe('512');
    expect((rest.body as Blob).size).toBe(1536);

    await act(async () =>
      rest.respond(200, { video: buildVideo({ id: 56, title: 'Beach day' }) }, { 'Upload-Offset': '2048' }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Beach day' })).getByText('Awaiting Details'),
      ).toBeInTheDocument(),
    );
    expect(screen.getAllByRole('article', { name: 'Beach day' })).toHaveLength(1);
  });

  it('resumes an interrupted upload by itself once the browser is back online', async () => {
    const { user, dialog } = await openUploadModal();
    await user.upload(within(dialog).getByLabelText('Video files'), clip());
    await answerCreation(0);
    const patch = await sentRequest(1);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await act(async () => patch.fail());
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'Beach day' })).getByText('Failed')).toBeInTheDocument(),
    );

    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    const head = await sentRequest(2);
    expect(head.method).toBe('HEAD');
    expect(within(screen.getByRole('article', { name: 'Beach day' })).getByText('Uploading')).toBeInTheDocument();
  });

  it('sends at most three files at once; the others wait at 0 % and start as each one finishes', async () => {
    const { dialog } = await openUploadModal();
    const area = within(dialog).getByText('Drop your videos here').parentElement!;
    const files = ['One', 'Two', 'Three', 'Four'].map(
      (name) => new File(['v'.repeat(256)], `${name}.mp4`, { type: 'video/mp4' }),
    );
    fireEvent.drop(area, { dataTransfer: { files, types: ['Files'] } });
    for (const name of ['One', 'Two', 'Three', 'Four']) {
      expect(within(await screen.findByRole('article', { name })).getByText('Uploading')).toBeInTheDocument();
    }
    await sentRequest(2);
    expect(FakeXhr.sent.map((xhr) => uploadMetadata(xhr).title)).toEqual(['One', 'Two', 'Three']);

    await act(async () => FakeXhr.sent[0]!.respond(413, { error: 'Your storage is full', code: 'quota_exceeded' }));
    const fourth = await sentRequest(3);
    expect(uploadMetadata(fourth).title).toBe('Four');
  });

  it('offers an upload a closed tab left unfinished, and resumes it from the same file where the server stopped', async () => {
    const modified = Date.parse('2026-03-01T09:00:00Z');
    const sameClip = () => new File(['x'.repeat(2048)], 'Beach day.mp4', { type: 'video/mp4', lastModified: modified });
    const { user, dialog } = await openUploadModal();
    await user.upload(within(dialog).getByLabelText('Video files'), sameClip());
    await answerCreation(0);
    const patch = await sentRequest(1);
    act(() => patch.progress(1024, 2048));

    // The tab closes mid-way; a new one opens the library.
    cleanup();
    forgetUploads();
    const routes = workspaceRoutes();
    routes['GET /api/videos/60'] = { body: { video: buildVideo({ id: 60, title: 'Beach day' }) } };
    stubFetch(routes);
    FakeXhr.install();
    renderApp('/dashboard');
    const head = await sentRequest(0);
    expect(head.method).toBe('HEAD');
    expect(pathOf(head)).toBe('/api/tus/up-1');
    expect(head.headers.authorization).toBe('Bearer test-token');
    await act(async () => head.respond(200, undefined, { 'Upload-Offset': '1024', 'Upload-Length': '2048' }));
    const card = await screen.findByRole('article', { name: 'Beach day' });
    expect(within(card).getByText('Stopped at 50%. Choose Beach day.mp4 again to resume.')).toBeInTheDocument();

    // Another file is not taken for it.
    const chooser = userEvent.setup({ applyAccept: false });
    await chooser.click(within(card).getByRole('button', { name: 'Resume upload of Beach day' }));
    await chooser.upload(screen.getByLabelText('File to resume Beach day.mp4'), clip());
    await waitFor(() =>
      expect(within(card).getByText('That is not the same file. Choose Beach day.mp4 to resume.')).toBeInTheDocument(),
    );
    expect(FakeXhr.sent).toHaveLength(1);

    await chooser.click(within(card).getByRole('button', { name: 'Resume upload of Beach day' }));
    await chooser.upload(screen.getByLabelText('File to resume Beach day.mp4'), sameClip());
    const resumeHead = await sentRequest(1);
    expect(resumeHead.method).toBe('HEAD');
    await act(async () => resumeHead.respond(200, undefined, { 'Upload-Offset': '1024', 'Upload-Length': '2048' }));
    const rest = await sentRequest(2);
    expect(rest.method).toBe('PATCH');
    expect(rest.headers['upload-offset']).toBe('1024');
    expect((rest.body as Blob).size).toBe(1024);
    await act(async () => rest.respond(204, undefined, { 'Upload-Offset': '2048', 'Fanout-Video-Id': '60' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Beach day' })).getByText('Awaiting Details'),
      ).toBeInTheDocument(),
    );
    // Finished, it is no longer offered on the next visit.
    expect(Object.keys(localStorage).filter((key) => key.startsWith('tus::'))).toEqual([]);
  });

  it('resumes an unfinished upload when the same file is chosen again in the upload dialog', async () => {
    const modified = Date.parse('2026-03-01T09:00:00Z');
    const sameClip = () => new File(['x'.repeat(2048)], 'Beach day.mp4', { type: 'video/mp4', lastModified: modified });
    const first = await openUploadModal();
    await first.user.upload(within(first.dialog).getByLabelText('Video files'), sameClip());
    await answerCreation(0);
    await sentRequest(1);
    cleanup();
    forgetUploads();

    const { user, dialog } = await openUploadModal();
    // The earlier visit's upload is offered first…
    const head = await sentRequest(0);
    await act(async () => head.respond(200, undefined, { 'Upload-Offset': '1536', 'Upload-Length': '2048' }));
    await screen.findByText('Stopped at 75%. Choose Beach day.mp4 again to resume.');
    // …and choosing its file in the dialog carries on with it, in one item.
    await user.upload(within(dialog).getByLabelText('Video files'), sameClip());
    const resumeHead = await sentRequest(1);
    expect(resumeHead.method).toBe('HEAD');
    expect(pathOf(resumeHead)).toBe('/api/tus/up-1');
    await act(async () => resumeHead.respond(200, undefined, { 'Upload-Offset': '1536', 'Upload-Length': '2048' }));
    const rest = await sentRequest(2);
    expect(rest.headers['upload-offset']).toBe('1536');
    expect(screen.getAllByRole('article', { name: 'Beach day' })).toHaveLength(1);
    expect(screen.queryByText(/Stopped at/)).not.toBeInTheDocument();
  });

  it('shows a new upload at the top at once, Uploading at 0 %, before any byte is sent', async () => {
    signIn();
    stubFetch(workspaceRoutes({ videos: [buildVideo({ id: 3, title: 'Older clip' })] }));
    FakeXhr.install();
    renderApp('/dashboard');
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Older clip' });
    await user.click(screen.getByRole('button', { name: 'Upload Videos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Videos' });
    await user.upload(
      within(dialog).getByLabelText('Video files'),
      new File(['z'.repeat(4096)], 'Morning run.mp4', { type: 'video/mp4' }),
    );

    const titles = screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
    expect(titles[0]).toBe('Morning run');
    expect(titles.at(-1)).toBe('Older clip');
    const card = screen.getByRole('article', { name: 'Morning run' });
    expect(within(card).getByText('Uploading')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Uploading Morning run' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(within(card).getByText('0%')).toBeInTheDocument();
  });

  it('uploads the video files dropped onto the area and ignores the others', async () => {
    const { dialog } = await openUploadModal();
    const area = within(dialog).getByText('Drop your videos here').parentElement!;
    const harbour = new File(['y'.repeat(1024)], 'Harbour.mov', { type: 'video/quicktime' });
    const dunes = new File(['w'.repeat(1024)], 'Dune walk.mp4', { type: 'video/mp4' });
    fireEvent.dragOver(area);
    fireEvent.drop(area, { dataTransfer: { files: [notes(), harbour, dunes], types: ['Files'] } });

    await sentRequest(1);
    expect(FakeXhr.sent.map((xhr) => uploadMetadata(xhr).title)).toEqual(['Harbour', 'Dune walk']);
    expect(screen.queryByRole('dialog', { name: 'Upload Videos' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Harbour' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Dune walk' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'notes' })).not.toBeInTheDocument();
  });

  it('does nothing when only files that are not videos are dropped', async () => {
    const { dialog } = await openUploadModal();
    const area = within(dialog).getByText('Drop your videos here').parentElement!;
    fireEvent.drop(area, { dataTransfer: { files: [notes()], types: ['Files'] } });
    expect(FakeXhr.sent).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Upload Videos' })).toBeInTheDocument();
  });

  it('keeps Tab inside the dialog: the hidden file input is no stop, so Choose Files wraps to Close and back', async () => {
    const { user, dialog } = await openUploadModal();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const choose = within(dialog).getByRole('button', { name: 'Choose Files' });
    expect(close).toHaveFocus();
    await user.tab();
    expect(choose).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(choose).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
  });

  it('gives focus back to the Upload Videos button when closed with Escape', async () => {
    const { user } = await openUploadModal();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Upload Videos' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Videos' })).toHaveFocus();
  });
});
