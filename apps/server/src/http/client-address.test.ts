import { afterEach, describe, expect, it } from 'vitest';
import { authHeaders, registerUser } from '../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../test/test-server';

const LIMIT = 3;

/** A login from behind the proxy: the client wrote `forged`, the proxy appended the address it saw. */
function loginThroughProxy(server: TestServer, forged: string, seenByProxy: string) {
  return fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `${forged}, ${seenByProxy}` },
    body: JSON.stringify({ identifier: 'nobody-here', password: 'not the password' }),
  });
}

describe('the client address behind a proxy (TRUST_PROXY=true)', () => {
  let server: TestServer;
  afterEach(() => stopTestServer(server));

  it('limits a client by the address its proxy saw, whatever it writes into X-Forwarded-For', async () => {
    server = await startTestServer({ TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    for (let i = 0; i < LIMIT; i++)
      expect((await loginThroughProxy(server, `203.0.113.${i}`, '198.51.100.7')).status).toBe(401);
    const limited = await loginThroughProxy(server, '203.0.113.99', '198.51.100.7');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another real client behind the same proxy is not affected.
    expect((await loginThroughProxy(server, '203.0.113.1', '198.51.100.8')).status).toBe(401);
  });

  it('records the address the proxy saw on the session', async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    const { user, password } = await registerUser(server);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.5, 198.51.100.9' },
      body: JSON.stringify({ identifier: user.username, password }),
    });
    const { token } = (await login.json()) as { token: string };
    const sessions = (await (
      await fetch(`${server.url}/api/auth/sessions`, { headers: authHeaders(token) })
    ).json()) as {
      sessions: { ip: string | null; current: boolean }[];
    };
    expect(sessions.sessions.find((s) => s.current)?.ip).toBe('198.51.100.9');
  });
});
