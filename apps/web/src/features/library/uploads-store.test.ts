import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onSignal } from '@/lib/signals';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { FakeXhr } from '@/test/fake-xhr';
import { answerCreation, pathOf, sentRequest, uploadMetadata } from '@/test/tus-exchange';
import { dismissUploads, forgetUploads, restoreUnfinishedUploads, startUploads, useUploads } from './uploads-store';

afterEach(() => {
  vi.useRealTimers();
});

const tusKeys = () => Object.keys(localStorage).filter((key) => key.startsWith('tus::'));

/** An upload started on an earlier visit, created on the server, then the tab closed. */
async function leaveUnfinished(file: File, location: string) {
  const before = FakeXhr.sent.length;
  startUploads([file], 1, new QueryClient());
  await answerCreation(before, location);
  await sentRequest(before + 1);
  forgetUploads();
  FakeXhr.install();
}

describe('uploads store', () => {
  it("starts each video file at once as 'uploading' at 0 % under a temporary 'temp-{timestamp}' id", async () => {
    FakeXhr.install();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-05T10:00:00.000Z'));
    const now = Date.now();
    const { result } = renderHook(() => useUploads(1));

    let started = 0;
    act(() => {
      started = startUploads(
        [
          new File(['a'], 'First.mp4', { type: 'video/mp4' }),
          new File(['b'], 'notes.txt', { type: 'text/plain' }),
          new File(['c'], 'Second.webm', { type: 'video/webm' }),
        ],
        1,
        new QueryClient(),
      );
    });

    expect(started).toBe(2);
    // Newest first; two files started in the same millisecond still get distinct ids.
    expect(result.current.map(({ id, title, status, progress }) => ({ id, title, status, progress }))).toEqual([
      { id: `temp-${now + 1}`, title: 'Second', status: 'uploading', progress: 0 },
      { id: `temp-${now}`, title: 'First', status: 'uploading', progress: 0 },
    ]);
    await sentRequest(1);
    expect(FakeXhr.sent.map((xhr) => [xhr.method, pathOf(xhr), uploadMetadata(xhr).title])).toEqual([
      ['POST', '/api/tus', 'First'],
      ['POST', '/api/tus', 'Second'],
    ]);

    act(() => dismissUploads(result.current.map((item) => item.id)));
    expect(result.current).toEqual([]);
  });

  it('lists the unfinished uploads of an earlier visit with their progress, and forgets those the server no longer has', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'test-token');
    FakeXhr.install();
    await leaveUnfinished(new File(['a'.repeat(400)], 'Kept.mp4', { type: 'video/mp4' }), '/api/tus/kept');
    await leaveUnfinished(new File(['b'.repeat(300)], 'Gone.mp4', { type: 'video/mp4' }), '/api/tus/gone');
    expect(tusKeys()).toHaveLength(2);

    const { result } = renderHook(() => useUploads(1));
    const restoring = restoreUnfinishedUploads();
    for (let index = 0; index < 2; index += 1) {
      const head = await sentRequest(index);
      expect(head.method).toBe('HEAD');
      expect(head.headers.authorization).toBe('Bearer test-token');
      await act(async () =>
        pathOf(head) === '/api/tus/kept'
          ? head.respond(200, undefined, { 'Upload-Offset': '100', 'Upload-Length': '400' })
          : head.respond(404, { error: 'No such upload', code: 'not_found' }),
      );
    }
    await act(() => restoring);

    expect(
      result.current.map(({ title, status, progress, error, needsFile, sizeBytes }) => ({
        title,
        status,
        progress,
        error,
        needsFile,
        sizeBytes,
      })),
    ).toEqual([
      {
        title: 'Kept',
        status: 'failed',
        progress: 25,
        error: 'Stopped at 25%. Choose Kept.mp4 again to resume.',
        needsFile: true,
        sizeBytes: 400,
      },
    ]);
    expect(tusKeys()).toHaveLength(1);

    // Removed from the list, the unfinished upload is not offered again, and its bytes are deleted on the server.
    act(() => dismissUploads(result.current.map((item) => item.id)));
    await waitFor(() => expect(tusKeys()).toEqual([]));
    const deletion = await sentRequest(2);
    expect([deletion.method, pathOf(deletion), deletion.headers.authorization]).toEqual([
      'DELETE',
      '/api/tus/kept',
      'Bearer test-token',
    ]);
  });

  it('signs the person out when the server no longer knows the session (401)', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'old-token');
    FakeXhr.install();
    const expired = vi.fn();
    const stop = onSignal('session-expired', expired);
    const { result } = renderHook(() => useUploads(1));
    act(() => {
      startUploads([new File(['a'], 'Clip.mp4', { type: 'video/mp4' })], 1, new QueryClient());
    });
    const post = await sentRequest(0);
    expect(post.headers.authorization).toBe('Bearer old-token');
    await act(async () => post.respond(401, { error: 'Sign in again', code: 'unauthorized' }));

    await waitFor(() => expect(result.current[0]?.status).toBe('failed'));
    expect(result.current[0]?.error).toBe('Sign in again');
    expect(expired).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(FakeXhr.sent).toHaveLength(1);
    stop();
  });
});
