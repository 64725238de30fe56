import type { ExportedPost, ImportRow, Post } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { addVideo, inMinutes, ownerWith, type Owner } from '../posts/posts-test-support';

describe('CSV import and export of fitting copies and first comments', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  const importCsv = async (owner: Owner, csv: string, dryRun: boolean) => {
    const res = await fetch(`${server.url}/api/posts/import?project_id=${owner.projectId}&dry_run=${dryRun}`, {
      method: 'POST',
      headers: { ...authHeaders(owner.token), 'content-type': 'text/csv' },
      body: csv,
    });
    return { status: res.status, body: (await res.json()) as { rows: ImportRow[]; created: number; code?: string } };
  };
  const exported = async (owner: Owner, format: 'csv' | 'json') => {
    const res = await fetch(`${server.url}/api/posts/export?project_id=${owner.projectId}&format=${format}`, {
      headers: authHeaders(owner.token),
    });
    return res.text();
  };
  const postsOf = async (owner: Owner, videoId: number) =>
    (await owner.as.get(`/api/videos/${videoId}/posts`)).body.posts as Post[];

  it('reads fit and first_comment, per platform too, and names the row and column of each mistake', async () => {
    const owner = await ownerWith(server, ['x', 'facebook', 'tiktok']);
    // HEVC: X refuses it as it is, and takes its fitting copy.
    const hevc = await addVideo(server, owner, { title: 'Harbour', video_codec: 'hevc' });
    const other = await addVideo(server, owner, { title: 'Night train', video_codec: 'hevc' });
    const plain = await addVideo(server, owner, { title: 'Dawn' });
    const at = inMinutes(120);
    const csv = [
      'video_id,platforms,scheduled_at,fit,first_comment,x.first_comment,tiktok.privacyLevel,TikTok.First_Comment',
      `${hevc},x|facebook,${at},TRUE,"Full cut, on the Page",Thread below,,`,
      `${other},x,${at},,,${'y'.repeat(300)},,`,
      `${plain},tiktok,${at},,,,SELF_ONLY,First!`,
      `${plain},x,${at},maybe,,,,`,
    ].join('\n');
    const dry = await importCsv(owner, csv, true);
    expect(dry.status).toBe(200);
    const rules = Object.fromEntries(
      dry.body.rows.map((r) => [r.line, r.violations.map((v) => `${v.platform ?? '-'} ${v.field} ${v.rule}`)]),
    );
    expect(rules[2]).toEqual([]);
    expect(rules[3]).toEqual(
      expect.arrayContaining(['x video video.video_codec', 'x x.first_comment firstComment.max_length']),
    );
    expect(rules[4]).toEqual(['tiktok tiktok.first_comment firstComment.unsupported']);
    expect(rules[5]).toEqual(['- fit fit.invalid']);

    const real = await importCsv(owner, csv.split('\n').slice(0, 2).join('\n'), false);
    expect(real.status, JSON.stringify(real.body)).toBe(201);
    const posts = await postsOf(owner, hevc);
    expect(posts.find((p) => p.platform === 'x')).toMatchObject({
      rendition: { id: expect.any(Number) },
      firstComment: { text: 'Thread below', status: 'pending' },
    });
    // Facebook takes the video as it is: fit asks for no copy there.
    expect(posts.find((p) => p.platform === 'facebook')).toMatchObject({
      rendition: null,
      firstComment: { text: 'Full cut, on the Page' },
    });
  });

  it('exports fit and first_comment, and imports its own export back to the same posts', async () => {
    const owner = await ownerWith(server, ['x', 'facebook']);
    const video = await addVideo(server, owner, { title: 'Harbour', video_codec: 'hevc' });
    const made = await owner.as.post(`/api/videos/${video}/posts`, {
      targets: [
        { platform: 'x', fit: true, firstComment: 'Thread "below", =1+1' },
        { platform: 'facebook', caption: 'On the Page' },
      ],
      scheduledAt: inMinutes(90),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);

    const csv = await exported(owner, 'csv');
    const header = csv.split('\r\n')[0]!;
    expect(header).toContain(',caption,first_comment,fit,');
    const before = (JSON.parse(await exported(owner, 'json')) as { posts: ExportedPost[] }).posts;
    expect(before.map((p) => [p.platform, p.fit, p.first_comment]).sort()).toEqual([
      ['facebook', 'false', null],
      ['x', 'true', 'Thread "below", =1+1'],
    ]);

    for (const post of made.body.posts as Post[])
      expect((await owner.as.delete(`/api/posts/${post.id}`)).status).toBe(200);
    const again = await importCsv(owner, csv, false);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.created).toBe(2);

    const after = (JSON.parse(await exported(owner, 'json')) as { posts: ExportedPost[] }).posts.filter(
      (p) => p.status === 'scheduled',
    );
    const kept = (p: ExportedPost) => [
      p.video_id,
      p.platform,
      p.account,
      p.scheduled_at,
      p.caption,
      p.fit,
      p.first_comment,
    ];
    expect(after.map(kept).sort()).toEqual(before.map(kept).sort());
    const x = (await postsOf(owner, video)).find((p) => p.platform === 'x' && p.status === 'scheduled');
    expect(x).toMatchObject({ rendition: { id: expect.any(Number) }, firstComment: { status: 'pending' } });
  });
});
