import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { addVideo, ownerWith, setPost, type Owner } from './posts-test-support';

interface Listed {
  id: number;
  platform: string;
  status: string;
  scheduledAt: string;
}

describe('GET /api/posts', () => {
  let server: TestServer;
  let owner: Owner;
  /** 5 videos × 2 platforms, the videos an hour apart (bulk), two posts at each time. */
  let all: Listed[];
  const start = new Date(Date.now() + 3 * 3_600_000);
  start.setUTCSeconds(0, 0);

  beforeAll(async () => {
    server = await startTestServer();
    owner = await ownerWith(server, ['tiktok', 'youtube']);
    const videoIds = [];
    for (let i = 0; i < 5; i++) videoIds.push(await addVideo(server, owner, { title: `Video ${i}` }));
    const res = await owner.as.post('/api/posts/bulk', {
      videoIds,
      platforms: ['tiktok', 'youtube'],
      scheduledAt: start.toISOString(),
      intervalMinutes: 60,
      options: { tiktok: { privacyLevel: 'SELF_ONLY' } },
    });
    expect(res.status).toBe(201);
    all = res.body.posts;
    await setPost(server, all[0]!.id, { status: 'failed', due_at: null });
  });
  afterAll(() => stopTestServer(server));

  const page = (query: string) => owner.as.get(`/api/posts?project_id=${owner.projectId}${query}`);

  it('pages through every post newest first with an opaque cursor, none twice, none left out', async () => {
    const seen: Listed[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await page(`&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.posts.length).toBeLessThanOrEqual(3);
      seen.push(...res.body.posts);
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen.map((p) => p.id).sort()).toEqual(all.map((p) => p.id).sort());
    const order = seen.map((p) => [Date.parse(p.scheduledAt), p.id] as const);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(order).toEqual(sorted);
    const first = await page('');
    expect(first.body).toMatchObject({ nextCursor: null });
    expect(first.body.posts).toHaveLength(10);
  });

  it('filters by status, platform and a time range (from inclusive, to exclusive)', async () => {
    const failed = await page('&status=failed');
    expect(failed.body.posts.map((p: Listed) => p.id)).toEqual([all[0]!.id]);
    const youtube = await page('&platform=youtube');
    expect(youtube.body.posts).toHaveLength(5);
    expect(youtube.body.posts.every((p: Listed) => p.platform === 'youtube')).toBe(true);

    const hour = (n: number) => new Date(start.getTime() + n * 3_600_000).toISOString();
    const range = await page(`&from=${encodeURIComponent(hour(1))}&to=${encodeURIComponent(hour(3))}`);
    expect(range.body.posts.map((p: Listed) => p.scheduledAt)).toEqual([hour(2), hour(2), hour(1), hour(1)]);
  });

  it('takes up to 100 a page, or up to 1,000 for a calendar range with both from and to', async () => {
    expect((await page('&limit=100')).status).toBe(200);
    expect(await page('&limit=101')).toMatchObject({ status: 400, body: { code: 'invalid_limit' } });
    const from = encodeURIComponent(start.toISOString());
    const to = encodeURIComponent(new Date(start.getTime() + 86_400_000).toISOString());
    const calendar = await page(`&limit=1000&from=${from}&to=${to}`);
    expect(calendar.status).toBe(200);
    expect(calendar.body.posts).toHaveLength(10);
    expect(await page(`&limit=1000&from=${from}`)).toMatchObject({ status: 400, body: { code: 'invalid_limit' } });
    expect(await page(`&limit=1001&from=${from}&to=${to}`)).toMatchObject({
      status: 400,
      body: { code: 'invalid_limit' },
    });
    expect(await page(`&from=${to}&to=${from}`)).toMatchObject({ status: 400, body: { code: 'invalid_range' } });
  });

  it('refuses a cursor it did not give out', async () => {
    for (const cursor of ['nonsense', Buffer.from('[1,2]').toString('base64url'), 'x'.repeat(201)]) {
      expect((await page(`&cursor=${cursor}`)).status).toBe(400);
    }
    expect(await page(`&cursor=nonsense`)).toMatchObject({ body: { code: 'invalid_cursor' } });
  });
});
