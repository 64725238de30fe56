import type { SecurityEventList } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser, type ApiClient } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { insertSecurityEvent } from '../../repositories/security-events.repository';

describe('GET /api/activity/security pages', () => {
  let server: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
    const owner = await registerUser(server);
    client = api(server, owner.token);
    // account_created, then 11 sign-ins: 12 events.
    for (let i = 0; i < 11; i++) {
      await insertSecurityEvent(server.ctx.db, {
        userId: owner.user.id,
        type: 'sign_in',
        detail: { method: 'password' },
        ip: '127.0.0.1',
        userAgent: null,
      });
    }
  });
  afterAll(() => stopTestServer(server));

  const walk = async (next: (page: SecurityEventList) => string | null) => {
    const ids: number[] = [];
    let query: string | null = '';
    while (query !== null) {
      const res: { status: number; body: SecurityEventList } = await client.get(
        `/api/activity/security?limit=5${query}`,
      );
      expect(res.status).toBe(200);
      ids.push(...res.body.events.map((e) => e.id));
      query = next(res.body);
    }
    return ids;
  };

  it('follows nextCursor, and nextBefore as `before`, through the same pages', async () => {
    const all = (await client.get<SecurityEventList>('/api/activity/security')).body;
    expect(all.events).toHaveLength(12);
    expect(all).toMatchObject({ nextCursor: null, nextBefore: null });
    const byCursor = await walk((p) => (p.nextCursor ? `&cursor=${encodeURIComponent(p.nextCursor)}` : null));
    const byBefore = await walk((p) => (p.nextBefore ? `&before=${p.nextBefore}` : null));
    expect(byCursor).toEqual(all.events.map((e) => e.id));
    expect(byBefore).toEqual(byCursor);
  });

  it('refuses a cursor it did not give', async () => {
    const first = (await client.get<SecurityEventList>('/api/activity/security?limit=5')).body;
    const forged = Buffer.from(JSON.stringify([first.events[0]!.id])).toString('base64url');
    for (const bad of ['x', `${forged}.${first.nextCursor!.split('.')[1]}`]) {
      const res = await client.get(`/api/activity/security?cursor=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'bad_cursor', error: expect.any(String) });
    }
  });
});
