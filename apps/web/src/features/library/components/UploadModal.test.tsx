import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildVideo, signIn } from '@/test/factories';
import { FakeXhr } from '@/test/fake-xhr';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const clip = () => new File(['x'.repeat(2048)], 'Beach day.mp4', { type: 'video/mp4' });
const notes = () => new File(['notes'], 'notes.txt', { type: 'text/plain' });

async function openUploadModal() {
  signIn();
  stubFetch(workspaceRoutes());
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
});
