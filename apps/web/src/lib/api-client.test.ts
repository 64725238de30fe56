import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { api, ApiError, errorMessage } from './api-client';

describe('API client', () => {
  it('sends the stored token as a Bearer header', async () => {
    localStorage.setItem('auth_token', 'abc');
    const { calls } = stubFetch({ 'GET /api/projects': { body: [] } });
    await expect(api.get('/projects')).resolves.toEqual([]);
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer abc');
  });

  it('on a 401 forgets token and user and signals that the session expired', async () => {
    localStorage.setItem('auth_token', 'abc');
    localStorage.setItem('user', '{"id":1,"username":"mia"}');
    let expired = 0;
    window.addEventListener('session-expired', () => expired++);
    stubFetch({ 'GET /api/videos': { status: 401, body: { error: 'Sign in again', code: 'unauthorized' } } });

    const error = await api.get('/videos').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: 'Sign in again' });
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(expired).toBe(1);
  });

  it('turns error bodies into ApiError with the server message', async () => {
    stubFetch({
      'POST /api/projects': { status: 400, body: { error: 'Project name is required', code: 'validation' } },
    });
    await expect(api.post('/projects', { name: '' })).rejects.toMatchObject({
      status: 400,
      message: 'Project name is required',
    });
  });

  it("leaves the screen's own fallback in place when the answer carries no message of the server's", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>proxy error</html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    const error = await api.post('/auth/login', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'http_error' });
    expect(errorMessage(error, 'Login failed')).toBe('Login failed');
  });

  it('sends JSON bodies with a JSON content type', async () => {
    const { calls } = stubFetch({ 'PATCH /api/videos/3': { body: { video: { id: 3 } } } });
    await api.patch('/videos/3', { title: 'x' });
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ title: 'x' });
  });
});
