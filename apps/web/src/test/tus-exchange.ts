import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { FakeXhr } from './fake-xhr';

/** The `index`-th request the page sent through XMLHttpRequest, once it is sent. */
export async function sentRequest(index: number): Promise<FakeXhr> {
  await waitFor(() => expect(FakeXhr.sent.length).toBeGreaterThan(index));
  return FakeXhr.sent[index]!;
}

/** The decoded `Upload-Metadata` of a tus creation request. */
export function uploadMetadata(xhr: FakeXhr): Record<string, string> {
  return Object.fromEntries(
    (xhr.headers['upload-metadata'] ?? '').split(',').map((pair) => {
      const [key, value = ''] = pair.split(' ');
      return [key, new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)))];
    }),
  );
}

/** The path of a request (the tus client sends absolute URLs). */
export function pathOf(xhr: FakeXhr): string {
  return new URL(xhr.url, window.location.href).pathname;
}

/** Answers the `index`-th request, a tus creation, with the new upload's address. */
export async function answerCreation(index: number, location = '/api/tus/up-1'): Promise<FakeXhr> {
  const post = await sentRequest(index);
  expect(post.method).toBe('POST');
  await act(async () => post.respond(201, undefined, { Location: location, 'Tus-Resumable': '1.0.0' }));
  return post;
}
