import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

const LIMIT = 3;

describe('sign-in rate limits', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterEach(() => stopTestServer(server));

  function expectLimited(res: { status: number; body: unknown; headers: Headers }) {
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: expect.any(String), code: 'rate_limited' });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }

  it('answers 429 with Retry-After after too many login attempts, even with the right password', async () => {
    const { user, password } = await registerUser(server);
    const attempt = (pw: string) => api(server).post('/api/auth/login', { identifier: user.email, password: pw });
    for (let i = 0; i < LIMIT; i++) expect((await attempt(`wrong password ${i}`)).status).toBe(401);
    expectLimited(await attempt(password));
  });

  it('limits sign-ups too, while the signed-in API keeps working', async () => {
    const first = await registerUser(server);
    for (let i = 1; i < LIMIT; i++) await registerUser(server);
    expectLimited(
      await api(server).post('/api/auth/register', {
        email: 'late@example.com',
        username: 'latecomer',
        password: 'a perfectly fine passphrase',
        fullName: 'Late Comer',
      }),
    );
    for (let i = 0; i < LIMIT + 2; i++) expect((await api(server, first.token).get('/api/auth/me')).status).toBe(200);
  });
});
