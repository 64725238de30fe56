import type { PlatformKey, Post, SearchResult } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount } from '../../../test/connections';
import { api, createProject, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { addVideo, inMinutes, setPost, target, type Owner } from '../posts/posts-test-support';

describe('GET /api/search: posts', () => {
  let server: TestServer;
  let owner: Owner & { username: string };
  let stranger: Owner;
  let videoId: number;
  let tiktok: Post;
  let youtube: Post;
  let theirs: Post;

  const search = async (q: string, who: Owner = owner): Promise<SearchResult[]> => {
    const res = await who.as.get(`/api/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return res.body.results as SearchResult[];
  };
  const postIds = (results: SearchResult[]) => results.map((r) => r.post?.id ?? null);

  async function userWith(platforms: readonly PlatformKey[], projectName: string) {
    const { token, user } = await registerUser(server);
    const project = await createProject(server, token, { name: projectName });
    for (const platform of platforms) await connectAccount(server, token, platform, project.id);
    return { token, userId: user.id, projectId: project.id, as: api(server, token), username: user.username };
  }

  async function schedule(who: Owner, video: number, targets: Record<string, unknown>[]): Promise<Post[]> {
    const res = await who.as.post(`/api/videos/${video}/posts`, { targets, scheduledAt: inMinutes(60) });
    expect(res.status).toBe(201);
    return res.body.posts as Post[];
  }

  beforeAll(async () => {
    server = await startTestServer();
    owner = await userWith(['tiktok', 'youtube'], 'Harbour Films');
    videoId = await addVideo(server, owner, { title: 'Lighthouse tour' });
    const mine = await schedule(owner, videoId, [
      target('tiktok', { caption: 'Sunset over the pier #waves' }),
      target('youtube'),
    ]);
    tiktok = mine[0]!;
    youtube = mine[1]!;
    await setPost(server, tiktok.id, { status: 'published', due_at: null, published_at: new Date() });

    stranger = await userWith(['tiktok'], 'Other Films');
    const strangerVideo = await addVideo(server, stranger, { title: 'Lighthouse party' });
    const strangers = await schedule(stranger, strangerVideo, [
      target('tiktok', { caption: 'Sunset over the pier too' }),
    ]);
    theirs = strangers[0]!;
  });
  afterAll(() => stopTestServer(server));

  it('finds a post by its own caption, as a post of its video with its platform and status', async () => {
    expect(await search('SUNSET over')).toEqual([
      {
        ref: `/video/${videoId}`,
        type: 'video',
        name: 'Sunset over the pier #waves',
        drive: 'Harbour Films',
        owner: owner.username,
        modified: expect.any(String),
        post: {
          id: tiktok.id,
          videoId,
          videoTitle: 'Lighthouse tour',
          platform: 'tiktok',
          status: 'published',
          accountName: tiktok.accountName,
        },
      },
    ]);
  });

  it("finds a post without a caption by its video's title, next to the video", async () => {
    const found = await search('lighthouse');
    expect(found.map((r) => [r.name, r.post?.platform ?? 'video'])).toEqual(
      expect.arrayContaining([
        ['Lighthouse tour', 'video'],
        ['Lighthouse tour', 'youtube'],
      ]),
    );
    // The TikTok post has its own caption; the stranger's 'Lighthouse party' is theirs.
    expect(found).toHaveLength(2);
    expect(found.every((r) => r.ref === `/video/${videoId}`)).toBe(true);
  });

  it("finds posts by the platform's name, whatever the case", async () => {
    expect(postIds(await search('tiktok'))).toEqual([tiktok.id]);
    expect(postIds(await search('YouT'))).toEqual([youtube.id]);
    expect(await search('Instagram')).toEqual([]);
  });

  it("finds posts by the account's name", async () => {
    expect(tiktok.accountName).not.toBe('');
    const found = await search(tiktok.accountName.toUpperCase());
    expect(postIds(found)).toContain(tiktok.id);
    expect(found.every((r) => r.post?.accountName.toLowerCase().includes(tiktok.accountName.toLowerCase()))).toBe(true);
  });

  it("never finds another user's posts, and they never find the caller's", async () => {
    for (const q of ['sunset', 'pier', 'tiktok', tiktok.accountName, 'lighthouse']) {
      expect(postIds(await search(q))).not.toContain(theirs.id);
    }
    const theirResults = await search('sunset', stranger);
    expect(postIds(theirResults)).toEqual([theirs.id]);
    expect(theirResults[0]).toMatchObject({ name: 'Sunset over the pier too', drive: 'Other Films' });
    expect(postIds(await search('youtube', stranger))).toEqual([]);
    expect(postIds(await search('lighthouse', stranger))).toEqual([null]);
  });

  it('shows a cancelled post with its status, and treats % and _ in the text as plain characters', async () => {
    const cancelled = await owner.as.delete(`/api/posts/${youtube.id}`);
    expect(cancelled.status).toBe(200);
    expect((await search('youtube'))[0]!.post).toMatchObject({ id: youtube.id, status: 'cancelled' });
    expect(await search('sunset_')).toEqual([]);
    expect(await search('%waves')).toEqual([]);
    expect(postIds(await search('#waves'))).toEqual([tiktok.id]);
  });
});
