import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createProject } from '../../../test/factories';
import { insertMetricSample } from '../../repositories/post-metrics.repository';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { addVideo, ownerWith, setPost, type Owner } from '../posts/posts-test-support';

describe('CSV import and export of posts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  const importCsv = async (owner: Owner, csv: string, dryRun: boolean, projectId = owner.projectId) => {
    const res = await fetch(`${server.url}/api/posts/import?project_id=${projectId}&dry_run=${dryRun}`, {
      method: 'POST',
      headers: { ...authHeaders(owner.token), 'content-type': 'text/csv' },
      body: csv,
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: (await res.json()) as any, headers: res.headers };
  };
  const postsOf = async (owner: Owner) =>
    (await owner.as.get(`/api/posts?project_id=${owner.projectId}&limit=100`)).body.posts as {
      videoId: number;
      platform: string;
      scheduledAt: string;
      options: unknown;
      caption: string | null;
    }[];
  const hoursAhead = (h: number) => {
    const at = new Date(Date.now() + h * 3_600_000);
    at.setUTCSeconds(0, 0);
    return at;
  };

  it('previews every row on a dry run and makes nothing; the real run makes them all', async () => {
    const owner = await ownerWith(server, ['tiktok', 'x'], { timeZone: 'Europe/Berlin' });
    const first = await addVideo(server, owner, { title: 'Harbour, at "dawn"' });
    await addVideo(server, owner, { title: 'Night train' });
    const at = hoursAhead(5);
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Berlin',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(at);
    const csv = [
      '\uFEFFvideo_id,video_title,platforms,scheduled_at,caption,tiktok.privacyLevel,tiktok.allowComments',
      `${first},,tiktok|x,${at.toISOString()},"One, two\r\nthree",SELF_ONLY,false`,
      `,Night train,x,${local},,,`,
    ].join('\r\n');

    const dry = await importCsv(owner, csv, true);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ created: 0, dryRun: true });
    expect(dry.body.rows.map((r: { line: number; ok: boolean }) => [r.line, r.ok])).toEqual([
      [2, true],
      [4, true],
    ]);
    expect(dry.body.rows[1].posts).toEqual([
      expect.objectContaining({ id: null, videoTitle: 'Night train', platform: 'x', scheduledAt: at.toISOString() }),
    ]);
    expect(await postsOf(owner)).toEqual([]);

    const real = await importCsv(owner, csv, false);
    expect(real.status).toBe(201);
    expect(real.body.created).toBe(3);
    const posts = await postsOf(owner);
    expect(posts).toHaveLength(3);
    const tiktok = posts.find((p) => p.platform === 'tiktok')!;
    expect(tiktok).toMatchObject({
      videoId: first,
      scheduledAt: at.toISOString(),
      caption: 'One, two\r\nthree',
      options: { privacyLevel: 'SELF_ONLY', allowComments: false },
    });
    expect(real.body.rows[0].posts.map((p: { id: number }) => typeof p.id)).toEqual(['number', 'number']);

    // The same file again: each video is already scheduled there, so nothing more is made.
    const again = await importCsv(owner, csv, false);
    expect(again.status).toBe(400);
    expect(again.body.rows[0].violations.map((v: { rule: string }) => v.rule)).toEqual([
      'already_posted',
      'already_posted',
    ]);
  });

  it('makes no post at all when one row is broken, and says what is wrong with each', async () => {
    const owner = await ownerWith(server, ['tiktok', 'x']);
    const fine = await addVideo(server, owner, { title: 'Fine' });
    const long = await addVideo(server, owner, { title: 'Long', duration_seconds: 900 });
    const csv = [
      'video_id,platforms,scheduled_at,caption,tiktok.privacyLevel',
      `${fine},x,${hoursAhead(2).toISOString()},,`,
      `${long},tiktok|x,2020-01-01T10:00:00Z,=cmd,SELF_ONLY`,
      `${fine},tiktok|mastodon,,,`,
      `999999,x,,,`,
    ].join('\n');
    const res = await importCsv(owner, csv, false);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', created: 0 });
    const byLine = Object.fromEntries(
      res.body.rows.map((r: { line: number; violations: { platform: string | null; rule: string }[] }) => [
        r.line,
        r.violations.map((v) => `${v.platform ?? '-'} ${v.rule}`),
      ]),
    );
    expect(byLine[2]).toEqual([]);
    expect(byLine[3]).toEqual(expect.arrayContaining(['- scheduled_in_past', 'tiktok video.duration_max']));
    expect(byLine[4]).toEqual(expect.arrayContaining(['- platforms.unknown', 'tiktok options.required']));
    expect(byLine[5]).toEqual(['- video.not_found']);
    expect(await postsOf(owner)).toEqual([]);
  });

  it('fills queued rows into the next free posting slots, the same on the preview and the real run', async () => {
    const owner = await ownerWith(server, ['x']);
    const videos = [await addVideo(server, owner, { title: 'A' }), await addVideo(server, owner, { title: 'B' })];
    const noSlots = await importCsv(owner, `video_id,platforms\n${videos[0]},x`, true);
    expect(noSlots.body.rows[0].violations[0]).toMatchObject({ platform: 'x', rule: 'no_slots' });

    const slots = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ platform: 'x', weekday, time: '09:00' }));
    expect((await owner.as.put(`/api/projects/${owner.projectId}/slots`, { slots })).status).toBe(200);
    const csv = `video_id,platforms,scheduled_at\n${videos[0]},x,\n${videos[1]},x,`;
    const dry = await importCsv(owner, csv, true);
    const planned = dry.body.rows.map((r: { posts: { scheduledAt: string; queued: boolean }[] }) => r.posts[0]);
    expect(planned.every((p: { queued: boolean }) => p.queued)).toBe(true);
    const [a, b] = planned.map((p: { scheduledAt: string }) => new Date(p.scheduledAt).getTime());
    expect(a).toBeGreaterThan(Date.now());
    expect(b! - a!).toBe(86_400_000);

    expect((await importCsv(owner, csv, false)).status).toBe(201);
    const made = await postsOf(owner);
    expect(made.map((p) => [p.videoId, p.scheduledAt]).sort()).toEqual(
      videos.map((id, i) => [id, planned[i].scheduledAt]).sort(),
    );
  });

  it('takes a title only when exactly one video of the project has it', async () => {
    const owner = await ownerWith(server, ['x']);
    const [one, two] = [
      await addVideo(server, owner, { title: 'Twin' }),
      await addVideo(server, owner, { title: 'Twin' }),
    ];
    const other = await createProject(server, owner.token);
    await addVideo(server, owner, { title: 'Elsewhere', project_id: other.id });
    const res = await importCsv(owner, 'video_title,platforms\nTwin,x\nElsewhere,x', true);
    expect(res.body.rows[0].violations).toEqual([
      expect.objectContaining({ rule: 'video.ambiguous', message: expect.stringContaining(`${one}, ${two}`) }),
    ]);
    expect(res.body.rows[1].violations).toEqual([expect.objectContaining({ rule: 'video.not_found' })]);
  });

  it("keeps people apart: another's project is 404 and another's video is not found", async () => {
    const alice = await ownerWith(server, ['x']);
    const bob = await ownerWith(server, ['x']);
    const bobsVideo = await addVideo(server, bob);
    expect((await importCsv(alice, `video_id,platforms\n${bobsVideo},x`, true, bob.projectId)).status).toBe(404);
    const res = await importCsv(alice, `video_id,platforms\n${bobsVideo},x`, false);
    expect(res.body.rows[0].violations).toEqual([expect.objectContaining({ rule: 'video.not_found' })]);
    expect((await alice.as.get(`/api/posts/export?project_id=${bob.projectId}`)).status).toBe(404);
  });

  it('refuses a file it cannot read: missing or unknown columns, broken quoting, another content type', async () => {
    const owner = await ownerWith(server, ['x']);
    const codeOf = async (csv: string) => (await importCsv(owner, csv, true)).body.code;
    expect(await codeOf('video_id,caption\n1,hi')).toBe('missing_column');
    expect(await codeOf('video_id,platforms,tiktok.colour\n1,x,red')).toBe('unknown_column');
    expect(await codeOf('video_id,platforms\n1,"x')).toBe('invalid_csv');
    expect(await codeOf('video_id,platforms\n')).toBe('empty_csv');
    const json = await owner.as.post(`/api/posts/import?project_id=${owner.projectId}`, { rows: [] });
    expect(json.status).toBe(415);
    expect((await owner.as.get(`/api/posts/export?project_id=${owner.projectId}&format=xml`)).status).toBe(400);
  });

  it('refuses a file past a limit with its own code at once, and answers other requests meanwhile', async () => {
    const owner = await ownerWith(server, ['x']);
    // 200,000 distinct names (1.4 MB): refused by the column cap as it is read, not after a quadratic search.
    const wideHeader = Array.from({ length: 200_000 }, (_, i) => `c${i}`).join(',');
    const [wide, health] = await Promise.all([
      importCsv(owner, `${wideHeader}\n1`, true),
      fetch(`${server.url}/api/health`),
    ]);
    expect({ status: wide.status, body: wide.body }).toEqual({
      status: 400,
      body: { error: 'Line 1 has more than 200 columns; a file may have at most 200', code: 'too_many_columns' },
    });
    expect(health.status).toBe(200);

    const codeOf = async (csv: string) => {
      const res = await importCsv(owner, csv, true);
      expect(res.body).toEqual({ error: expect.any(String), code: expect.any(String) });
      return `${res.status} ${res.body.code}`;
    };
    expect(await codeOf(`video_id,platforms\n${'1,x\n'.repeat(10_001)}`)).toBe('400 too_many_rows');
    expect(await codeOf(`video_id,platforms\n${'\n'.repeat(30_000)}1,x`)).toBe('400 too_many_rows');
    expect(await codeOf(`video_id,platforms,caption\n1,x,"${'x'.repeat(310_000)}"`)).toBe('400 row_too_long');
    const names = Array.from({ length: 150 }, (_, i) => `c${i}`);
    expect(await codeOf(`video_id,platforms,${names.join(',')},C3\n1,x`)).toBe('400 duplicate_column');
    const tooBig = await importCsv(owner, `video_id,platforms\n${'1,x,'.padEnd(1000, 'y')}\n`.repeat(10_600), true);
    expect({ status: tooBig.status, body: tooBig.body }).toEqual({
      status: 413,
      body: { error: 'The file is larger than 10 MB; import at most 10 MB at once', code: 'body_too_large' },
    });
  });

  it('still takes a caption of 70,000 characters: the row is read, and the platform’s own limit applies', async () => {
    const owner = await ownerWith(server, ['facebook']);
    const video = await addVideo(server, owner, { title: 'Long read' });
    const at = hoursAhead(4).toISOString();
    // Three bytes each in UTF-8: 210 KB in one cell.
    const longest = await importCsv(
      owner,
      `video_id,platforms,scheduled_at,caption\n${video},facebook,${at},"${'語'.repeat(70_000)}"`,
      true,
    );
    expect(longest.status).toBe(200);
    expect(longest.body.rows[0].violations).toEqual([
      expect.objectContaining({ platform: 'facebook', rule: 'caption.max_length' }),
    ]);
    const fits = '語'.repeat(63_206);
    const made = await importCsv(
      owner,
      `video_id,platforms,scheduled_at,caption\n${video},facebook,${at},"${fits}"`,
      false,
    );
    expect(made.body).toMatchObject({ created: 1 });
    expect((await postsOf(owner))[0]!.caption).toBe(fits);
  });

  it('lets each person send 10 files and make 10 exports a minute, then 429 with Retry-After; others go on', async () => {
    const owner = await ownerWith(server, ['x']);
    const other = await ownerWith(server, ['x']);
    const expectRefused = (res: { status: number; body: unknown; headers: Headers }, words: string, code: string) => {
      expect(res.status).toBe(429);
      const wait = Number(res.headers.get('retry-after'));
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expect(res.body).toEqual({ error: `${words} in the last minute; try again in ${wait} s.`, code });
    };
    const file = 'video_id,platforms\n1,x';
    for (let i = 0; i < 10; i++) expect((await importCsv(owner, file, i % 2 === 0)).status).not.toBe(429);
    // Refused before the body is read: a 10 MB file costs nothing more than a small one.
    expectRefused(
      await importCsv(owner, file.padEnd(9_000_000, '\n'), true),
      'You sent 10 CSV files',
      'too_many_imports',
    );
    expect((await importCsv(other, file, true)).status).toBe(200);

    const exportOf = (who: Owner) => who.as.get(`/api/posts/export?project_id=${who.projectId}&format=json`);
    for (let i = 0; i < 10; i++) expect((await exportOf(owner)).status).toBe(200);
    expectRefused(await exportOf(owner), 'You exported 10 times', 'too_many_exports');
    expect((await exportOf(other)).status).toBe(200);
  });

  it('exports the range as CSV (quoted, formula-safe) and JSON, with metrics columns', async () => {
    const owner = await ownerWith(server, ['x', 'tiktok']);
    const video = await addVideo(server, owner, { title: '=SUM(A1:A2), "quoted"' });
    const tabbed = await addVideo(server, owner, { title: 'Tabbed' });
    const at = hoursAhead(3);
    const csv = [
      'video_id,platforms,scheduled_at,caption,tiktok.privacyLevel',
      `${video},x|tiktok,${at.toISOString()},"@you, hi",SELF_ONLY`,
      `${tabbed},tiktok,${hoursAhead(2).toISOString()},"\t=1+2;hi",SELF_ONLY`,
    ].join('\n');
    const made = await importCsv(owner, csv, false);
    expect(made.body).toMatchObject({ created: 3 });
    const [published] = (await postsOf(owner)).filter((p) => p.platform === 'x') as unknown as { id: number }[];
    await setPost(server, published!.id, { status: 'published', published_at: new Date(), url: 'https://x.com/p/1' });
    const figures = { views: 1200, likes: 30, comments: 4, shares: 2 };
    const sample = { postId: published!.id, projectId: owner.projectId, platform: 'x', ...figures };
    await insertMetricSample(server.ctx.db, { ...sample, syncedAt: new Date(Date.now() - 60_000), views: 900 });
    await insertMetricSample(server.ctx.db, { ...sample, syncedAt: new Date() });

    const res = await fetch(`${server.url}/api/posts/export?project_id=${owner.projectId}`, {
      headers: authHeaders(owner.token),
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await res.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'post_id,video_id,video_title,platform,status,scheduled_at,published_at,account,caption,first_comment,fit,url,error,views,likes,comments,shares',
    );
    expect(lines).toHaveLength(5);
    expect(text).toContain(`"'=SUM(A1:A2), ""quoted"""`);
    expect(text).toContain(`"'@you, hi"`);
    // A tab before the formula is defused too, and a semicolon (another locale's separator) is quoted.
    expect(text).toContain(`,"'\t=1+2;hi",`);

    const range = `&from=${encodeURIComponent(new Date(at.getTime() + 60_000).toISOString())}`;
    const json = await owner.as.get(`/api/posts/export?project_id=${owner.projectId}&format=json${range}`);
    expect(json.body).toEqual({ posts: [] });
    const all = await owner.as.get(`/api/posts/export?project_id=${owner.projectId}&format=json&platform=x`);
    expect(all.body.posts).toEqual([
      expect.objectContaining({
        platform: 'x',
        status: 'published',
        video_title: '=SUM(A1:A2), "quoted"',
        ...figures,
      }),
    ]);
    expect(lines.find((line) => line.includes(',x,published,'))).toMatch(/,1200,30,4,2$/);
    expect(lines.find((line) => line.includes(',tiktok,scheduled,'))).toMatch(/,,,,$/);
  });
});
