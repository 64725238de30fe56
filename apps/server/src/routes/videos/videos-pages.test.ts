import type { Video, VideoPage, VideoSort } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser, type ApiClient, type RegisteredUser } from '../../../test/factories';
import { seedVideos } from '../../../test/seed-videos';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

/** Every page of a list, following nextCursor; asserts each page's total. */
async function walk(client: ApiClient, query: string, limit: number): Promise<{ ids: number[]; pages: VideoPage[] }> {
  const pages: VideoPage[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: VideoPage } = await client.get<VideoPage>(
      `/api/videos?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status).toBe(200);
    pages.push(res.body);
    cursor = res.body.nextCursor;
  } while (cursor && pages.length < 100);
  return { ids: pages.flatMap((p) => p.videos.map((v) => v.id)), pages };
}

// Titles that share their first 32 characters, mixed case, and a literal %: the title order and the search's
// escaping are both exercised.
const title = (i: number) =>
  i % 5 === 0
    ? `The same long beginning of a title, number ${i}`
    : i === 7
      ? '100% harbour'
      : `${['harbour', 'Sunset', 'HARBOUR view', 'mountain'][i % 4]} ${i}`;

describe('video list pages', () => {
  let server: TestServer;
  let owner: RegisteredUser;
  let client: ApiClient;
  let projectId: number;
  let seeded: number[];

  beforeAll(async () => {
    server = await startTestServer();
    owner = await registerUser(server);
    client = api(server, owner.token);
    projectId = (await createProject(server, owner.token)).id;
    seeded = await seedVideos(server.ctx.db, { userId: owner.user.id, projectId, count: 250, title });
  });
  afterAll(() => stopTestServer(server));

  it.each<VideoSort>(['newest', 'oldest', 'title'])(
    'walks all 250 videos sorted %s: every one once, in order, with the total on each page',
    async (sort) => {
      const { ids, pages } = await walk(client, `project_id=${projectId}&sort=${sort}`, 37);
      expect(pages).toHaveLength(7);
      expect(pages.every((p) => p.total === 250)).toBe(true);
      expect(pages.at(-1)?.nextCursor).toBeNull();
      expect(new Set(ids).size).toBe(250);
      // The same order as the whole list in that order.
      const whole = await client.get<Video[]>(`/api/videos?project_id=${projectId}&sort=${sort}`);
      expect(ids).toEqual(whole.body.map((v) => v.id));
      if (sort === 'newest') expect(ids).toEqual([...seeded].reverse());
      if (sort === 'oldest') expect(ids).toEqual(seeded);
      if (sort === 'title') {
        // First letters, lower-cased: '1' < 'h' < 'm' < 's' < 't' under any collation.
        const initials = whole.body.map((v) => v.title[0]!.toLowerCase());
        expect(initials).toEqual([...initials].sort());
      }
    },
  );

  it('pages by 50 when only a cursor is given', async () => {
    const first = await client.get<VideoPage>(`/api/videos?project_id=${projectId}&limit=50`);
    expect(first.body.videos).toHaveLength(50);
    expect(first.body.videos[0]).toMatchObject({ id: seeded.at(-1), title: title(249), thumbnail: null });
    const second = await client.get<VideoPage>(
      `/api/videos?project_id=${projectId}&cursor=${encodeURIComponent(first.body.nextCursor!)}`,
    );
    expect(second.body.videos).toHaveLength(50);
    expect(second.body.videos[0]?.id).toBe(seeded.at(-51));
  });

  it('keeps its place when videos are added while paging', async () => {
    const other = (await createProject(server, owner.token)).id;
    const before = await seedVideos(server.ctx.db, { userId: owner.user.id, projectId: other, count: 30 });
    const first = await client.get<VideoPage>(`/api/videos?project_id=${other}&limit=10`);
    const added = await seedVideos(server.ctx.db, { userId: owner.user.id, projectId: other, count: 5 });
    let cursor = first.body.nextCursor;
    const ids = first.body.videos.map((v) => v.id);
    while (cursor) {
      const page = await client.get<VideoPage>(`/api/videos?project_id=${other}&limit=10&cursor=${cursor}`);
      expect(page.body.total).toBe(35);
      ids.push(...page.body.videos.map((v) => v.id));
      cursor = page.body.nextCursor;
    }
    expect(ids).toEqual([...before].reverse());
    expect(ids).not.toEqual(expect.arrayContaining(added));
  });

  it('searches titles ignoring case, with % taken literally, in both forms, counting every match', async () => {
    const matches = (q: string) => seeded.filter((_, i) => title(i).toLowerCase().includes(q.toLowerCase())).reverse();
    const whole = await client.get<Video[]>(`/api/videos?project_id=${projectId}&q=Harbour`);
    expect(whole.body.map((v) => v.id)).toEqual(matches('harbour'));
    const { ids, pages } = await walk(client, `project_id=${projectId}&q=hArBoUr`, 40);
    expect(ids).toEqual(matches('harbour'));
    expect(pages[0]?.total).toBe(matches('harbour').length);
    const percent = await client.get<VideoPage>(
      `/api/videos?project_id=${projectId}&q=${encodeURIComponent('%')}&limit=5`,
    );
    expect(percent.body).toMatchObject({ total: 1, nextCursor: null, videos: [{ title: '100% harbour' }] });
    const ids2 = await client.get(`/api/videos/ids?project_id=${projectId}&q=harbour`);
    expect(ids2.body).toEqual({ ids: matches('harbour') });
    const none = await client.get(`/api/videos?project_id=${projectId}&q=zebra&limit=10`);
    expect(none.body).toEqual({ videos: [], nextCursor: null, total: 0 });
  });

  it('gives select-all every matching id, in the asked order', async () => {
    const all = await client.get(`/api/videos/ids?project_id=${projectId}`);
    expect(all.status).toBe(200);
    expect(all.body.ids).toEqual([...seeded].reverse());
    const oldest = await client.get(`/api/videos/ids?project_id=${projectId}&sort=oldest`);
    expect(oldest.body.ids).toEqual(seeded);
  });

  it('refuses cursors it did not give, and limits out of range, with 400 {error, code}', async () => {
    const first = await client.get<VideoPage>(`/api/videos?project_id=${projectId}&limit=10`);
    const cursor = first.body.nextCursor!;
    const [body, mac] = cursor.split('.') as [string, string];
    const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);
    const forged = Buffer.from(JSON.stringify(['newest', '2000-01-01T00:00:00.000000Z', 1])).toString('base64url');
    for (const bad of [
      `${flip(body, 3)}.${mac}`,
      `${body}.${flip(mac, 0)}`,
      `${forged}.${mac}`,
      body,
      'not-a-cursor',
      `${cursor}.x`,
    ]) {
      const res = await client.get(`/api/videos?project_id=${projectId}&cursor=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ code: 'bad_cursor', error: expect.any(String) });
    }
    const otherOrder = await client.get(
      `/api/videos?project_id=${projectId}&sort=title&cursor=${encodeURIComponent(cursor)}`,
    );
    expect(otherOrder.body.code).toBe('bad_cursor');
    const tooMany = await client.get(`/api/videos?project_id=${projectId}&limit=101`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'bad_limit' });
    for (const limit of ['0', '-1', 'ten']) {
      const res = await client.get(`/api/videos?project_id=${projectId}&limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    expect((await client.get(`/api/videos?project_id=${projectId}&limit=100`)).body.videos).toHaveLength(100);
  });

  it("keeps other people's projects out: 404 for pages and ids", async () => {
    const stranger = api(server, (await registerUser(server)).token);
    for (const path of [
      `/api/videos?project_id=${projectId}&limit=10`,
      `/api/videos/ids?project_id=${projectId}`,
      `/api/videos?project_id=${projectId}&q=harbour`,
    ]) {
      expect((await stranger.get(path)).body).toEqual({ error: 'Project not found', code: 'not_found' });
    }
    const theirs = await stranger.get<VideoPage>('/api/videos?limit=10');
    expect(theirs.body).toEqual({ videos: [], nextCursor: null, total: 0 });
  });
});
