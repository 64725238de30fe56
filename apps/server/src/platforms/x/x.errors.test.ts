import { describe, expect, it } from 'vitest';
import type { PlatformResponse } from '../base-adapter';
import { classifyX } from './x.errors';

const answer = (status: number, body: unknown): PlatformResponse => ({
  status,
  headers: {},
  body,
  text: JSON.stringify(body),
});

describe("X's Problem JSON as the person sees it", () => {
  it('names the problem by its title when its type is about:blank, not by "about:blank"', () => {
    const err = classifyX(
      'x',
      answer(403, {
        title: 'Forbidden',
        type: 'about:blank',
        detail: 'You are not permitted to create a Tweet with duplicate content.',
      }),
      'create',
    );
    expect(err.kind).toBe('rejected');
    expect(err.platformCode).toBe('Forbidden');
    expect(err.platformMessage).toBe('You are not permitted to create a Tweet with duplicate content.');
  });

  it('names a typed problem by the last part of its type', () => {
    const err = classifyX(
      'x',
      answer(400, {
        title: 'Invalid Request',
        type: 'https://api.twitter.com/2/problems/invalid-request',
        detail: 'text is too long',
      }),
      'create',
    );
    expect(err.platformCode).toBe('invalid-request');
  });
});
