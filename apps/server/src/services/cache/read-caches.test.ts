import zlib from 'node:zlib';
import type { VideoPage } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  authHeaders,
  createProject,
  insertVideoRow,
  registerUser,
  type RegisteredUser,
} from '../../../test/factories';
import { rawGet } from '../../../test/raw-get';
import { seedVideos } from '../../../test/seed-videos';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { ShortLivedCache } from './short-lived-cache';

describe('ShortLivedCache', () => {
  it('gives an answer again only while it is young, and never after its user was forgotten', () => {
    let now = 0;
    const cache = new ShortLivedCache<string>(1_000, 3, () => now);
    cache.set(1, 'a', 'first', cache.mark());
    now = 999;
    expect(cache.get('a')).toBe('first');
    now = 1_000;
    expect(cache.get('a')).toBeUndefined();

    cache.set(1, 'a', 'again', cache.mark());
    cache.set(2, 'b', 'other user', cache.mark());
    cache.forgetUser(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('other user');
    cache.forgetUser(undefined);
    expect(cache.get('b')).toBeUndefined();
  });

  it('does not keep an answer made while something was forgotten: it may predate that change', () => {
    const cache = new ShortLivedCache<string>(1_000);
    const mark = cache.mark();
    cache.forgetUser(7);
    cache.set(1, 'a', 'made before the change', mark);
    expect(cache.get('a')).toBeUndefined();
  });

  it('holds at most its bound, letting the oldest go first', () => {
    const cache = new ShortLivedCache<number>(60_000, 2);
    for (const [i, key] of ['a', 'b', 'c'].entries()) cache.set(1, key, i, cache.mark());
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(2);
  });

  it('is off with a time of 0', () => {
    const cache = new ShortLivedCache<string>(0);
    cache.set(1, 'a', 'x', cache.mark());
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('read caches of a server', () => {
  let server: TestServer;
  let owner: RegisteredUser;
  let projectId: number;
  const firstPage = () => `/api/videos?project_id=${projectId}&limit=5`;

  beforeAll(async () => {
    // Long enough that only forgetting, never age, can explain a fresh answer below.
    server = await startTestServer({ READ_CACHE_MS: '10000' });
    owner = await registerUser(server);
    projectId = (await createProject(server, owner.token)).id;
    await seedVideos(server.ctx.db, { userId: owner.user.id, projectId, count: 3 });
  });
  afterAll(() => stopTestServer(server));

  it("shows the caller's own change on the very next read of a page it has just read", async () => {
    const client = api(server, owner.token);
    const before = await client.get<VideoPage>(firstPage());
    expect(before.status).toBe(200);
    const video = before.body.videos[0]!;
    const saved = await client.patch(`/api/videos/${video.id}`, { title: 'Renamed just now' });
    expect(saved.status).toBe(200);
    const after = await client.get<VideoPage>(firstPage());
    expect(after.body.videos.find((v) => v.id === video.id)?.title).toBe('Renamed just now');
  });

  it('sees a video written by another process once the database announces it', async () => {
    const client = api(server, owner.token);
    const before = await client.get<VideoPage>(firstPage());
    // Written behind this server's back, as another API or worker process would.
    await insertVideoRow(server, { userId: owner.user.id, projectId });
    await expect
      .poll(async () => (await client.get<VideoPage>(firstPage())).body.total, { timeout: 5_000, interval: 50 })
      .toBe(before.body.total + 1);
  });

  it('forgets the encoded forms of a page with the page: br and gzip clients see the same changes at once', async () => {
    const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };
    const read = async (encoding: 'br' | 'gzip') => {
      const res = await rawGet(`${server.url}${firstPage()}`, {
        ...authHeaders(owner.token),
        'accept-encoding': encoding,
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      return JSON.parse(decode[encoding](res.body).toString('utf8')) as VideoPage;
    };
    const before = { br: await read('br'), gzip: await read('gzip') };
    const video = before.br.videos[0]!;
    expect(before.gzip).toEqual(before.br);

    expect(
      (await api(server, owner.token).patch(`/api/videos/${video.id}`, { title: 'Renamed, encoded' })).status,
    ).toBe(200);
    for (const encoding of ['br', 'gzip'] as const) {
      expect((await read(encoding)).videos.find((v) => v.id === video.id)?.title).toBe('Renamed, encoded');
    }

    // Written behind this server's back, as another process would: its change notice forgets both forms.
    await insertVideoRow(server, { userId: owner.user.id, projectId });
    for (const encoding of ['br', 'gzip'] as const) {
      await expect
        .poll(async () => (await read(encoding)).total, { timeout: 5_000, interval: 50 })
        .toBe(before.br.total + 1);
    }
  });

  it('refuses a signed-out token at once, and a token revoked from another device at once', async () => {
    const client = api(server, owner.token);
    expect((await client.get(firstPage())).status).toBe(200);
    const login = await api(server).post<{ token: string }>('/api/auth/login', {
      identifier: owner.user.username,
      password: owner.password,
    });
    const second = api(server, login.body.token);
    expect((await second.get(firstPage())).status).toBe(200);
    expect((await second.post('/api/auth/logout')).status).toBe(200);
    expect((await second.get(firstPage())).status).toBe(401);

    const third = api(
      server,
      (
        await api(server).post<{ token: string }>('/api/auth/login', {
          identifier: owner.user.username,
          password: owner.password,
        })
      ).body.token,
    );
    expect((await third.get(firstPage())).status).toBe(200);
    expect((await client.post('/api/auth/sessions/revoke-others')).status).toBe(200);
    expect((await third.get(firstPage())).status).toBe(401);
  });
});
