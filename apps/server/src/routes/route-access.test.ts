import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes } from '../http/access-guard';
import { startTestServer, stopTestServer, type TestServer } from '../../test/test-server';
import { NOT_YET_DECLARED } from './route-access.pending';

/**
 * Teams: every /api route says what it needs from the caller's place in a project (docs/teams.md), so a new
 * route cannot forget the check. Routes not converted yet are listed in route-access.pending.ts; the list only
 * shrinks, and the issue is not done until it is empty.
 */
describe('every API route declares its access rule', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('has a rule on each route, except those still listed as pending', () => {
    // /api/auth/ is the caller's own account (sign-in, factors, sessions, tokens): no project is ever involved.
    const api = declaredRoutes(server.app).filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/auth/') && r.method !== 'HEAD',
    );
    expect(api.length).toBeGreaterThan(80);
    const missing = api.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(missing.filter((route) => !NOT_YET_DECLARED.includes(route))).toEqual([]);
    // A route converted must leave the pending list, so the list says truly what is left.
    expect(NOT_YET_DECLARED.filter((route) => !missing.includes(route))).toEqual([]);
  });
});
