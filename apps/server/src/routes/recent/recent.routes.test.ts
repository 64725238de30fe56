import type { SearchResponse, SearchResult } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { addVideo, inMinutes, ownerWith, target, type Owner } from '../posts/posts-test-support';

describe('GET /api/recent: the videos and posts changed lately', () => {
  let server: TestServer;
  let owner: Owner;
  let stranger: Owner;
  let strangerVideo: number;

  const recent = async (who: Owner, query = '') => {
    const res = await who.as.get<SearchResponse>(`/api/recent${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const label = (r: SearchResult) => (r.post ? `${r.post.platform}: ${r.post.videoTitle}` : r.name);

  beforeAll(async () => {
    server = await startTestServer();
    owner = await ownerWith(server, ['youtube']);
    stranger = await ownerWith(server, ['youtube']);
    strangerVideo = await addVideo(server, stranger, { title: 'Their secret cut' });
    await stranger.as.post(`/api/videos/${strangerVideo}/posts`, {
      targets: [target('youtube')],
      scheduledAt: inMinutes(30),
    });
  });
  afterAll(() => stopTestServer(server));

  it('lists the newest changes first: a post, a video whose details were saved, then older uploads', async () => {
    const first = await addVideo(server, owner, { title: 'Old harbour' });
    const second = await addVideo(server, owner, { title: 'New pier' });
    const posted = await owner.as.post(`/api/videos/${first}/posts`, {
      targets: [target('youtube')],
      scheduledAt: inMinutes(45),
    });
    expect(posted.status).toBe(201);
    expect((await owner.as.patch(`/api/videos/${second}`, { title: 'New pier, edited' })).status).toBe(200);

    const { results, nextCursor } = await recent(owner);
    expect(results.map(label)).toEqual(['New pier, edited', 'youtube: Old harbour', 'Old harbour']);
    expect(nextCursor).toBeNull();
    expect(results[1]).toMatchObject({
      ref: `/video/${first}`,
      type: 'video',
      post: { videoId: first, platform: 'youtube', status: 'scheduled' },
    });
    expect(results.every((r) => !Number.isNaN(Date.parse(r.modified)))).toBe(true);
  });

  it("never lists another account's videos or posts, and they never see the caller's", async () => {
    const mine = await recent(owner);
    expect(mine.results.some((r) => r.ref === `/video/${strangerVideo}`)).toBe(false);
    const theirs = await recent(stranger);
    expect(theirs.results.map(label)).toEqual(['youtube: Their secret cut', 'Their secret cut']);
    const fresh = await registerUser(server);
    const empty = await api(server, fresh.token).get('/api/recent');
    expect(empty.body).toEqual({ results: [], nextCursor: null });
  });

  it('pages without repeating or skipping, and refuses bad input with a 4xx', async () => {
    const all = (await recent(owner)).results;
    const page1 = await recent(owner, '?limit=2');
    expect(page1.results).toEqual(all.slice(0, 2));
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = await recent(owner, `?limit=2&cursor=${encodeURIComponent(page1.nextCursor!)}`);
    expect(page2.results).toEqual(all.slice(2, 4));

    const search = await owner.as.get('/api/search?q=harbour&limit=1');
    const searchCursor = search.body.nextCursor as string;
    for (const query of ['?limit=0', '?limit=101', '?limit=two', '?cursor=nonsense', `?cursor=${searchCursor}`]) {
      const res = await owner.as.get(`/api/recent${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    expect((await api(server, '').get('/api/recent')).status).toBe(401);
  });
});
