import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildVideo, signIn } from '@/test/factories';
import { FakeXhr } from '@/test/fake-xhr';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

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
    const { user, dialog } = await openUploadModal();
    await user.upload(within(dialog).getByLabelText('Video files'), [notes(), clip()]);

    expect(FakeXhr.sent).toHaveLength(1);
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.url).toBe('/api/upload');
    expect(xhr.headers.authorization).toBe('Bearer test-token');
    expect(xhr.body?.get('title')).toBe('Beach day');
    expect(xhr.body?.get('project_id')).toBe('1');
    expect((xhr.body?.get('video') as File).name).toBe('Beach day.mp4');

    const card = screen.getByRole('article', { name: 'Beach day' });
    expect(within(card).getByText('Uploading')).toBeInTheDocument();
    act(() => xhr.progress(512, 2048));
    expect(within(card).getByRole('progressbar', { name: 'Uploading Beach day' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );

    await act(async () =>
      xhr.respond(201, { video: buildVideo({ id: 55, title: 'Beach day', status: 'processing' }) }),
    );
    const done = await screen.findByRole('article', { name: 'Beach day' });
    expect(within(done).getByText('Awaiting Details')).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: 'Play Beach day' })).toHaveAttribute('href', '/video/55');
  });

  it('marks the upload failed when the server refuses it', async () => {
    const { user, dialog } = await openUploadModal();
    await user.upload(within(dialog).getByLabelText('Video files'), clip());
    await act(async () => FakeXhr.sent[0]!.respond(413, { error: 'The file is larger than 4 GB', code: 'too_large' }));
    const card = screen.getByRole('article', { name: 'Beach day' });
    expect(within(card).getByText('Failed')).toBeInTheDocument();
    expect(within(card).getByText('The file is larger than 4 GB')).toBeInTheDocument();
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

  it('shows a failed upload in the list view with its reason and a Retry button', async () => {
    const { user, dialog } = await openUploadModal();
    await user.upload(within(dialog).getByLabelText('Video files'), clip());
    await act(async () =>
      FakeXhr.sent[0]!.respond(422, { error: 'This file is not a video we can read', code: 'not_a_video' }),
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'List view' }));
    const row = screen.getByRole('row', { name: /Beach day/ });
    expect(within(row).getByText('This file is not a video we can read')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Retry' }));
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it('sends the same file again from a failed card, and keeps it when the retry succeeds', async () => {
    const { user, dialog } = await openUploadModal();
    await user.upload(within(dialog).getByLabelText('Video files'), clip());
    await act(async () => FakeXhr.sent[0]!.onerror?.());
    await user.keyboard('{Escape}');
    const failed = screen.getByRole('article', { name: 'Beach day' });
    expect(
      within(failed).getByText('The upload was interrupted. Check your connection and try again.'),
    ).toBeInTheDocument();

    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(FakeXhr.sent).toHaveLength(2);
    const resent = FakeXhr.sent[1]!;
    expect((resent.body?.get('video') as File).size).toBe(2048);
    expect(resent.body?.get('title')).toBe('Beach day');
    const retrying = screen.getByRole('article', { name: 'Beach day' });
    expect(within(retrying).getByText('Uploading')).toBeInTheDocument();
    expect(within(retrying).queryByText(/interrupted/)).not.toBeInTheDocument();

    await act(async () => resent.respond(201, { video: buildVideo({ id: 56, title: 'Beach day' }) }));
    const done = await screen.findByRole('article', { name: 'Beach day' });
    expect(within(done).getByText('Awaiting Details')).toBeInTheDocument();
    expect(screen.getAllByRole('article', { name: 'Beach day' })).toHaveLength(1);
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

    expect(FakeXhr.sent.map((xhr) => xhr.body?.get('title'))).toEqual(['Harbour', 'Dune walk']);
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
