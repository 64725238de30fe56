import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '@/test/fake-xhr';
import { dismissUploads, startUploads, useUploads } from './uploads-store';

afterEach(() => {
  vi.useRealTimers();
});

describe('uploads store', () => {
  it("starts each video file at once as 'uploading' at 0 % under a temporary 'temp-{timestamp}' id", () => {
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
    expect(FakeXhr.sent).toHaveLength(2);
    // Newest first; two files started in the same millisecond still get distinct ids.
    expect(result.current.map(({ id, title, status, progress }) => ({ id, title, status, progress }))).toEqual([
      { id: `temp-${now + 1}`, title: 'Second', status: 'uploading', progress: 0 },
      { id: `temp-${now}`, title: 'First', status: 'uploading', progress: 0 },
    ]);

    act(() => dismissUploads(result.current.map((item) => item.id)));
    expect(result.current).toEqual([]);
  });
});
