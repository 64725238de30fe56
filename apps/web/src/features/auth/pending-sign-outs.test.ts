import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { endPendingSignOuts, signOutOnServer } from './pending-sign-outs';

const pending = () => JSON.parse(localStorage.getItem('pending_sign_outs') ?? '[]') as string[];
const offline = () => {
  throw new TypeError('Failed to fetch');
};

describe('sign-outs the server could not be told about', () => {
  it('ends the session on the server with its own token, and keeps nothing when that worked', async () => {
    localStorage.setItem('auth_token', 'new-session');
    const { calls } = stubFetch({ 'POST /api/auth/logout': { body: { ok: true } } });
    await signOutOnServer('old-session');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer old-session');
    expect(pending()).toEqual([]);
  });

  it('keeps the token when the server cannot be reached or fails, and ends it on the next try', async () => {
    stubFetch({ 'POST /api/auth/logout': offline });
    await signOutOnServer('token-a');
    stubFetch({ 'POST /api/auth/logout': { status: 502, body: { error: 'Bad gateway' } } });
    await signOutOnServer('token-b');
    expect(pending()).toEqual(['token-a', 'token-b']);

    // Still offline: nothing is lost.
    stubFetch({ 'POST /api/auth/logout': offline });
    await endPendingSignOuts();
    expect(pending()).toEqual(['token-a', 'token-b']);

    // Back online: one is ended now, the other was already gone on the server (401); both are done.
    const { calls } = stubFetch({
      'POST /api/auth/logout': (request) =>
        request.headers.get('authorization') === 'Bearer token-a'
          ? { body: { ok: true } }
          : { status: 401, body: { error: 'Sign in again', code: 'unauthorized' } },
    });
    await endPendingSignOuts();
    expect(calls.map((call) => call.headers.get('authorization'))).toEqual(['Bearer token-a', 'Bearer token-b']);
    expect(localStorage.getItem('pending_sign_outs')).toBeNull();
  });

  it('does not sign out whoever is signed in now when an old token is refused', async () => {
    localStorage.setItem('pending_sign_outs', JSON.stringify(['old-session']));
    localStorage.setItem('auth_token', 'current-session');
    localStorage.setItem('user', JSON.stringify({ id: 1, username: 'mia', email: 'mia@example.com' }));
    stubFetch({ 'POST /api/auth/logout': { status: 401, body: { error: 'Sign in again', code: 'unauthorized' } } });
    await endPendingSignOuts();
    expect(localStorage.getItem('auth_token')).toBe('current-session');
    expect(localStorage.getItem('user')).not.toBeNull();
    expect(localStorage.getItem('pending_sign_outs')).toBeNull();
  });

  it('keeps nothing for a refusal the server did answer, and no more than five tokens', async () => {
    stubFetch({ 'POST /api/auth/logout': { status: 400, body: { error: 'Bad request', code: 'bad_request' } } });
    await signOutOnServer('answered');
    expect(pending()).toEqual([]);
    stubFetch({ 'POST /api/auth/logout': offline });
    for (const n of [1, 2, 3, 4, 5, 6, 7]) await signOutOnServer(`token-${n}`);
    expect(pending()).toEqual(['token-3', 'token-4', 'token-5', 'token-6', 'token-7']);
  });
});
