import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes } from '../http/access-guard';
import { startTestServer, stopTestServer, type TestServer } from '../../test/test-server';

/**
 * Teams: every /api route says what it needs from the caller's place in a project (docs/teams.md), so a new
 * route cannot forget the check.
 */
describe('every API route declares its access rule', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('has a rule on each route', () => {
    // /api/auth/ is the caller's own account (sign-in, factors, sessions, tokens): no project is ever involved.
    const api = declaredRoutes(server.app).filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/auth/') && r.method !== 'HEAD',
    );
    expect(api.length).toBeGreaterThan(80);
    const missing = api.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });
});
