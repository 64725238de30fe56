import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REDDITORS } from './accounts';
import {
  api,
  authorizeUrl,
  connect,
  firstMessage,
  lease,
  mediaUrl,
  published,
  s3Post,
  startReddit,
  stop,
  submitForm,
  uploadVideo,
  type Emu,
} from './reddit.test-helpers';

let emu: Emu;
let token: string;
beforeAll(async () => (emu = await startReddit()));
// Access tokens last an hour and tests move the clock: each test connects afresh.
beforeEach(async () => (token = (await connect(emu)).access_token));
afterAll(() => stop(emu));

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('Reddit video post', () => {
  it('lease → S3 → submit → websocket success; recorded, listed, with a page and growing metrics', async () => {
    const { bytes, video, url, posterUrl } = await uploadVideo(emu, token);
    expect(video.args.action).toBe(`${emu.url}/reddit-uploaded-video.s3-accelerate.amazonaws.com`);
    expect(video.asset.websocket_url).toMatch(
      /^ws:\/\/127\.0\.0\.1:\d+\/ws-sandbox\.wss\.redditmedia\.com\/rte_images\//,
    );
    const stored = await fetch(url);
    expect(stored.status).toBe(200);
    expect(sha(Buffer.from(await stored.arrayBuffer()))).toBe(sha(bytes));

    const res = await api(emu, token, '/api/submit', submitForm(url, posterUrl, { title: 'Sandbox clip: first try!' }));
    expect(res.status).toBe(200);
    expect(res.body.json.errors).toEqual([]);
    expect(res.body.json.data.websocket_url).toBe(video.asset.websocket_url);
    expect(res.headers.get('x-ratelimit-used')).toBeTruthy();

    const message = await firstMessage(res.body.json.data.websocket_url);
    expect(message.type).toBe('success');
    const postUrl = message.payload.redirect!;
    expect(postUrl).toMatch(
      new RegExp(`^${emu.publicUrl}/www\\.reddit\\.com/r/u_fanout_sandbox/comments/\\w+/sandbox_clip_first_try/$`),
    );
    const id = postUrl.split('/comments/')[1]!.split('/')[0]!;

    expect(await published(emu)).toContainEqual(
      expect.objectContaining({
        platform: 'reddit',
        id,
        url: postUrl,
        title: 'Sandbox clip: first try!',
        bytes: bytes.length,
        sha256: sha(bytes),
      }),
    );
    const listed = await api(emu, token, '/user/fanout_sandbox/submitted?limit=25');
    expect(listed.body.kind).toBe('Listing');
    expect(listed.body.data.children[0].data).toMatchObject({
      id,
      name: `t3_${id}`,
      title: 'Sandbox clip: first try!',
      url,
      permalink: `/r/u_fanout_sandbox/comments/${id}/sandbox_clip_first_try/`,
      subreddit: 'u_fanout_sandbox',
      created_utc: expect.any(Number),
    });
    expect((await fetch(postUrl)).status).toBe(200);

    const before = (await api(emu, token, `/api/info?id=t3_${id}`)).body.data.children[0].data;
    emu.clock.t += 6 * 3600_000;
    token = (await connect(emu)).access_token;
    const after = (await api(emu, token, `/api/info?id=t3_${id}`)).body.data.children[0].data;
    expect(after.ups).toBeGreaterThan(before.ups);
    expect(after.score).toBe(after.ups);
    expect(after.num_comments).toBeGreaterThan(before.num_comments);
  });

  it('says, when a community does not exist, which ones the sandbox has; the redditor has joined them all', async () => {
    const { url, posterUrl } = await uploadVideo(emu, token);
    const res = await api(emu, token, '/api/submit', submitForm(url, posterUrl, { sr: 'no_such_place' }));
    expect(res.body.json.errors).toEqual([
      [
        'SUBREDDIT_NOEXIST',
        "that community doesn't exist; this sandbox has r/test, r/videos, r/sandbox, r/fanout, r/clips and your profile u/fanout_sandbox",
        'sr',
      ],
    ]);

    // Joined communities need the `mysubreddits` scope, which the default test grant lacks.
    expect((await api(emu, token, '/subreddits/mine/subscriber')).status).toBe(403);
    const joined = (await connect(emu, { scope: 'identity submit read mysubreddits' })).access_token;
    const list = await api(emu, joined, '/subreddits/mine/subscriber');
    expect(list.status).toBe(200);
    expect(list.body.kind).toBe('Listing');
    expect(list.body.data.children.map((c: { data: { display_name: string } }) => c.data.display_name)).toEqual([
      'test',
      'videos',
      'sandbox',
      'fanout',
      'clips',
    ]);
  });

  it('the second redditor signs in on the authorize page; its post is recorded under it, as its author', async () => {
    const second = REDDITORS[1]!;
    const page = await (await fetch(authorizeUrl(emu))).text();
    for (const r of REDDITORS) expect(page).toContain(`name="account" value="${r.id}"`);
    const theirs = (await connect(emu, {}, second.id)).access_token;
    expect((await api(emu, theirs, '/api/v1/me')).body).toMatchObject({ id: second.id, name: 'second_creator' });
    const { url, posterUrl } = await uploadVideo(emu, theirs);
    const form = submitForm(url, posterUrl, { sr: 'u_second_creator', title: 'From the second redditor' });
    const res = await api(emu, theirs, '/api/submit', form);
    expect(res.body.json.errors).toEqual([]);
    expect(res.body.json.data.user_submitted_page).toContain('/user/second_creator/submitted/');
    const postUrl = (await firstMessage(res.body.json.data.websocket_url)).payload.redirect!;
    expect(postUrl).toContain('/www.reddit.com/r/u_second_creator/comments/');
    const id = postUrl.split('/comments/')[1]!.split('/')[0]!;
    expect((await published(emu)).find((i) => i.id === id)).toMatchObject({ accountId: second.id, url: postUrl });
    const listed = await api(emu, theirs, '/user/second_creator/submitted');
    expect(listed.body.data.children[0].data).toMatchObject({ id, author: 'second_creator' });
  });

  it('posts to a demo community', async () => {
    const { url, posterUrl } = await uploadVideo(emu, token);
    const res = await api(emu, token, '/api/submit', submitForm(url, posterUrl, { sr: 'test' }));
    expect(res.body.json.errors).toEqual([]);
    expect((await firstMessage(res.body.json.data.websocket_url)).payload.redirect).toContain(
      '/www.reddit.com/r/test/comments/',
    );
  });

  it('refuses a bad submission with json.errors on HTTP 200', async () => {
    const { url, posterUrl } = await uploadVideo(emu, token);
    const errors = async (form: Record<string, string>) => {
      const res = await api(emu, token, '/api/submit', form);
      expect(res.status).toBe(200);
      return (res.body.json.errors as string[][]).map((e) => [e[0], e[2]]);
    };
    expect(await errors(submitForm(url, posterUrl, { sr: 'no_such_place' }))).toEqual([['SUBREDDIT_NOEXIST', 'sr']]);
    expect(await errors(submitForm(url, posterUrl, { title: 'x'.repeat(301) }))).toEqual([['TOO_LONG', 'title']]);
    expect(await errors(submitForm('', posterUrl))).toEqual([['NO_URL', 'url']]);
    expect(await errors(submitForm(`${url}x`, ''))).toEqual([
      ['BAD_URL', 'url'],
      ['NO_URL', 'video_poster_url'],
    ]);
    expect(await errors(submitForm(url, posterUrl, { sendreplies: 'maybe' }))).toEqual([
      ['INVALID_OPTION', 'sendreplies'],
    ]);
    expect(await errors(submitForm(url, posterUrl, { title: 'y'.repeat(300) }))).toEqual([]);
    expect(await errors(submitForm(url, posterUrl))).toEqual([['ALREADY_SUB', 'url']]);
  });

  it('the bucket checks the lease fields, the key and the size limit', async () => {
    const l = await lease(emu, token, 'poster.png', 'image/png');
    const tampered = await s3Post(l, randomBytes(100), 'image/png', (f) => f.set('x-amz-meta-ext', 'exe'));
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toMatch(/<Code>AccessDenied<\/Code>.*x-amz-meta-ext/);
    const missing = await s3Post(l, randomBytes(100), 'image/png', (f) => f.delete('policy'));
    expect(missing.status).toBe(403);
    const otherKey = await s3Post(l, randomBytes(100), 'image/png', (f) => f.set('key', 'not-a-lease'));
    expect(otherKey.status).toBe(403);

    const tooBig = await s3Post(l, Buffer.alloc(20 * 1024 * 1024 + 1), 'image/png');
    expect(tooBig.status).toBe(400);
    const xml = await tooBig.text();
    expect(xml).toContain('<Code>EntityTooLarge</Code>');
    expect(xml).toContain(`<ProposedSize>${20 * 1024 * 1024 + 1}</ProposedSize>`);
    expect(xml).toContain(`<MaxSizeAllowed>${20 * 1024 * 1024}</MaxSizeAllowed>`);

    const ok = await s3Post(l, randomBytes(100), 'image/png');
    expect(ok.status).toBe(201);
    const body = await ok.text();
    expect(body).toContain('<PostResponse><Location>');
    expect(body).toContain(`<Key>${l.args.fields.find((f) => f.name === 'key')!.value}</Key>`);
    expect((await fetch(mediaUrl(l))).status).toBe(200);
  });

  it('asset.json refuses an unknown mimetype', async () => {
    const res = await api(emu, token, '/api/media/asset.json', {
      filepath: 'a.exe',
      mimetype: 'application/x-msdownload',
    });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('INVALID_MIMETYPE');
  });

  it('/api/info and the listing answer nothing for unknown posts or users', async () => {
    expect((await api(emu, token, '/api/info?id=t3_zzzzzzz')).body.data.children).toEqual([]);
    expect((await api(emu, token, '/user/someone_else/submitted')).status).toBe(404);
  });
});

describe('Reddit state across a restart', () => {
  it('keeps tokens and uploaded media; the submission after the restart goes through', async () => {
    const own = await startReddit();
    const { access_token } = await connect(own);
    const { bytes, url, posterUrl } = await uploadVideo(own, access_token);
    await own.close();
    // Back on another port: media URLs handed out before still name their uploads.
    const again = await startReddit(own.dataDir, own.clock);
    try {
      const res = await api(again, access_token, '/api/submit', submitForm(url, posterUrl));
      expect(res.body.json.errors).toEqual([]);
      expect((await firstMessage(res.body.json.data.websocket_url)).type).toBe('success');
      expect((await published(again))[0]).toMatchObject({ bytes: bytes.length, sha256: sha(bytes) });
    } finally {
      await stop(again);
    }
  });

  it("reads a community's post requirements and link flairs, and refuses a post without the flair it requires", async () => {
    const rules = await api(emu, token, '/api/v1/clips/post_requirements');
    expect(rules.status).toBe(200);
    expect(rules.body).toMatchObject({ is_flair_required: true, title_text_min_length: 10, title_regexes: [] });
    expect((await api(emu, token, '/api/v1/videos/post_requirements')).body.is_flair_required).toBe(false);
    expect((await api(emu, token, '/api/v1/no_such_place/post_requirements')).status).toBe(404);

    // Link flairs take the `flair` scope, which the default test grant lacks.
    expect((await api(emu, token, '/r/clips/api/link_flair_v2')).status).toBe(403);
    const flairToken = (await connect(emu, { scope: 'identity submit read flair' })).access_token;
    const flairs = await api(emu, flairToken, '/r/clips/api/link_flair_v2');
    expect(flairs.body.map((f: { text: string }) => f.text)).toEqual(['Tutorial', 'Behind the scenes', 'Showcase']);
    expect(flairs.body[0]).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), type: 'text' });
    expect((await api(emu, flairToken, '/r/test/api/link_flair_v2')).body).toEqual([]);

    const { url, posterUrl } = await uploadVideo(emu, token);
    const bare = await api(emu, token, '/api/submit', submitForm(url, posterUrl, { sr: 'clips' }));
    expect(bare.body.json.errors).toEqual([
      ['SUBMIT_VALIDATION_FLAIR_REQUIRED', 'Your post must contain post flair.', 'flair'],
    ]);
    const wrong = await api(emu, token, '/api/submit', submitForm(url, posterUrl, { sr: 'clips', flair_id: 'nope' }));
    expect(wrong.body.json.errors[0][0]).toBe('BAD_FLAIR_TEMPLATE_ID');
    const flaired = await api(
      emu,
      token,
      '/api/submit',
      submitForm(url, posterUrl, { sr: 'clips', flair_id: flairs.body[2].id }),
    );
    expect(flaired.body.json.errors).toEqual([]);
  });
});
