import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkChunks } from './publishes';
import { CREATORS } from './accounts';
import {
  authorizeUrl,
  call,
  connect,
  published,
  initBody,
  MB,
  putChunk,
  startTikTok,
  stop,
  type Emu,
} from './tiktok.test-helpers';

let emu: Emu;
let token: string;
beforeAll(async () => (emu = await startTikTok()));
// TikTok allows 6 inits a minute per token: each test connects afresh.
beforeEach(async () => (token = (await connect(emu)).access_token));
afterAll(() => stop(emu));

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function init(body: object, t = token) {
  return call(emu, t, 'POST', '/v2/post/publish/video/init/', body);
}
async function status(publishId: string, t = token) {
  return call(emu, t, 'POST', '/v2/post/publish/status/fetch/', { publish_id: publishId });
}

describe('TikTok chunk rules', () => {
  it.each([
    [3 * MB, 3 * MB, 1, undefined],
    [3 * MB, 1 * MB, 3, /under 5 MB/],
    [12 * MB, 5 * MB, 2, undefined],
    [12 * MB, 5 * MB, 3, /floor\(video_size \/ chunk_size\) = 2/],
    [12 * MB, 4 * MB, 3, /chunk_size/],
    [200 * MB, 65 * MB, 3, /chunk_size/],
    [64 * MB, 64 * MB, 1, undefined],
    [100 * MB, 100 * MB, 1, /chunk_size/],
    [6000 * MB, 5 * MB, 1200, /video_size/],
    [0, 0, 0, /video_size/],
  ])('video %i, chunk %i, %i chunks', (size, chunk, count, wrong) => {
    const answer = checkChunks(size, chunk, count);
    if (wrong) expect(answer).toMatch(wrong);
    else expect(answer).toBeUndefined();
  });
});

describe('TikTok direct post', () => {
  it('creator_info lists the privacy options and limits', async () => {
    const res = await call(emu, token, 'POST', '/v2/post/publish/creator_info/query/', {});
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      privacy_level_options: expect.arrayContaining(['SELF_ONLY', 'PUBLIC_TO_EVERYONE']),
      max_video_post_duration_sec: 600,
      comment_disabled: false,
      duet_disabled: false,
      stitch_disabled: expect.any(Boolean),
      creator_username: 'fanout.sandbox',
    });
  });

  it('a one-chunk file goes init → PUT → processing → PUBLISH_COMPLETE, with its bytes, page and growing metrics', async () => {
    const bytes = randomBytes(1 * MB + 17);
    const started = await init(initBody(bytes.length, bytes.length, 1, 'One chunk 🎬'));
    expect(started.status).toBe(200);
    const { publish_id, upload_url } = started.data as { publish_id: string; upload_url: string };
    expect(upload_url.startsWith(`${emu.url}/open-upload.tiktokapis.com/video/?`)).toBe(true);

    expect((await status(publish_id)).data).toMatchObject({ status: 'PROCESSING_UPLOAD', uploaded_bytes: 0 });
    expect((await putChunk(upload_url, bytes, 0, bytes.length)).status).toBe(201);
    expect((await status(publish_id)).data).toMatchObject({
      status: 'PROCESSING_UPLOAD',
      uploaded_bytes: bytes.length,
    });

    emu.clock.t += 1000;
    const done = await status(publish_id);
    expect(done.data.status).toBe('PUBLISH_COMPLETE');
    const [postId] = done.data.publicaly_available_post_id as string[];
    expect(postId).toMatch(/^\d{19}$/);

    const items = await published(emu);
    expect(items).toContainEqual(
      expect.objectContaining({
        platform: 'tiktok',
        id: postId,
        url: `${emu.publicUrl}/www.tiktok.com/@fanout.sandbox/video/${postId}`,
        caption: 'One chunk 🎬',
        bytes: bytes.length,
        sha256: sha(bytes),
      }),
    );
    const page = await fetch(`${emu.publicUrl}/www.tiktok.com/@fanout.sandbox/video/${postId}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('One chunk 🎬');

    const query = '/v2/video/query/?fields=id,view_count,like_count,comment_count,share_count';
    const before = (await call(emu, token, 'POST', query, { filters: { video_ids: [postId] } })).data.videos as {
      view_count: number;
    }[];
    emu.clock.t += 3 * 3600_000;
    const after = (await call(emu, token, 'POST', query, { filters: { video_ids: [postId] } })).data.videos as {
      id: string;
      view_count: number;
    }[];
    expect(after[0]!.id).toBe(postId);
    expect(after[0]!.view_count).toBeGreaterThan(before[0]!.view_count);
  });

  it('the second sandbox creator signs in on the authorize page; its post is recorded under it, at its handle', async () => {
    const page = await (await fetch(authorizeUrl(emu, {}))).text();
    for (const c of CREATORS) expect(page).toContain(`name="account" value="${c.openId}"`);
    const second = CREATORS[1]!;
    const { access_token, open_id } = await connect(emu, undefined, second.openId);
    expect(open_id).toBe(second.openId);
    const info = await call(emu, access_token, 'POST', '/v2/post/publish/creator_info/query/');
    expect(info.data).toMatchObject({ creator_username: 'second.creator', creator_nickname: 'Second Creator' });
    const bytes = randomBytes(1 * MB);
    const started = await init(initBody(bytes.length, bytes.length, 1, 'From the second creator'), access_token);
    const { publish_id, upload_url } = started.data as { publish_id: string; upload_url: string };
    expect((await putChunk(upload_url, bytes, 0, bytes.length)).status).toBe(201);
    emu.clock.t += 1000;
    const [postId] = (await status(publish_id, access_token)).data.publicaly_available_post_id as string[];
    const item = (await published(emu)).find((i) => i.id === postId);
    expect(item).toMatchObject({
      accountId: second.openId,
      url: `${emu.publicUrl}/www.tiktok.com/@second.creator/video/${postId}`,
    });
    expect((await fetch(item!.url)).status).toBe(200);
    expect((await fetch(`${emu.publicUrl}/www.tiktok.com/@fanout.sandbox/video/${postId}`)).status).toBe(404);
  });

  it('a 12 MB file in two chunks: 206 for the first, 201 for the last (which takes the remainder)', async () => {
    const bytes = randomBytes(12 * MB);
    const { publish_id, upload_url } = (await init(initBody(bytes.length, 5 * MB, 2))).data as Record<string, string>;
    const first = await putChunk(upload_url!, bytes.subarray(0, 5 * MB), 0, bytes.length);
    expect(first.status).toBe(206);
    expect((await status(publish_id!)).data.uploaded_bytes).toBe(5 * MB);
    expect((await putChunk(upload_url!, bytes.subarray(5 * MB), 5 * MB, bytes.length)).status).toBe(201);
    emu.clock.t += 1000;
    const done = await status(publish_id!);
    expect(done.data.status).toBe('PUBLISH_COMPLETE');
    const id = (done.data.publicaly_available_post_id as string[])[0];
    const item = (await published(emu)).find((i) => i.id === id);
    expect(item).toMatchObject({ bytes: 12 * MB, sha256: sha(bytes) });
  });

  it('a chunk whose client goes away midway changes nothing: the upload goes on from the bytes it held', async () => {
    const bytes = randomBytes(12 * MB);
    const { publish_id, upload_url } = (await init(initBody(bytes.length, 5 * MB, 2))).data as Record<string, string>;
    expect((await putChunk(upload_url!, bytes.subarray(0, 5 * MB), 0, bytes.length)).status).toBe(206);
    // The first chunk sent again with other bytes, then the last one, each cut off after some of its bytes.
    await cutOff(upload_url!, randomBytes(5 * MB), 0, bytes.length, 2 * MB);
    await cutOff(upload_url!, bytes.subarray(5 * MB), 5 * MB, bytes.length, 3 * MB);
    expect((await status(publish_id!)).data.uploaded_bytes).toBe(5 * MB);
    expect((await putChunk(upload_url!, bytes.subarray(5 * MB), 5 * MB, bytes.length)).status).toBe(201);
    emu.clock.t += 1000;
    const id = ((await status(publish_id!)).data.publicaly_available_post_id as string[])[0];
    expect((await published(emu)).find((i) => i.id === id)).toMatchObject({ bytes: 12 * MB, sha256: sha(bytes) });
  });

  it('refuses chunks out of order, of the wrong size, with the wrong total or type; accepts a resent chunk', async () => {
    const bytes = randomBytes(12 * MB);
    const { upload_url } = (await init(initBody(bytes.length, 5 * MB, 2))).data as Record<string, string>;
    const url = upload_url!;
    const refused = async (res: Response, message: RegExp) => {
      expect(res.status).toBeGreaterThanOrEqual(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('invalid_file_upload');
      expect(body.error.message).toMatch(message);
    };
    await refused(await putChunk(url, bytes.subarray(5 * MB), 5 * MB, bytes.length), /in order/);
    await refused(await putChunk(url, bytes.subarray(0, 4 * MB), 0, bytes.length), /5242880 bytes/);
    await refused(await putChunk(url, bytes.subarray(0, 5 * MB), 0, bytes.length + 1), /total/);
    await refused(
      await putChunk(url, bytes.subarray(0, 5 * MB), 0, bytes.length, { 'content-type': 'image/png' }),
      /Content-Type/,
    );
    await refused(
      await putChunk(url, bytes.subarray(0, 5 * MB), 0, bytes.length, { 'content-range': 'bytes 0-5242879/*' }),
      /Content-Range/,
    );
    await refused(
      await putChunk(url, bytes.subarray(0, 4 * MB), 0, bytes.length, {
        'content-range': `bytes 0-${5 * MB - 1}/${bytes.length}`,
      }),
      /Content-Length/,
    );
    await refused(
      await putChunk(
        url.replace(/upload_token=[^&]+/, 'upload_token=forged'),
        bytes.subarray(0, 5 * MB),
        0,
        bytes.length,
      ),
      /session/,
    );

    expect((await putChunk(url, bytes.subarray(0, 5 * MB), 0, bytes.length)).status).toBe(206);
    expect((await putChunk(url, bytes.subarray(0, 5 * MB), 0, bytes.length)).status).toBe(206);
    expect((await putChunk(url, bytes.subarray(5 * MB), 5 * MB, bytes.length)).status).toBe(201);
  });

  it.each([
    ['a title over 2200 UTF-16 units', { title: '🎬'.repeat(1101) }, 'invalid_params', /title/],
    ['no privacy level', { privacy_level: undefined }, 'invalid_params', /privacy_level/],
    ['an is_aigc that is not a boolean', { is_aigc: 'yes' }, 'invalid_params', /is_aigc/],
    [
      'a privacy level not offered',
      { privacy_level: 'FRIENDS' },
      'privacy_level_option_mismatch',
      /privacy_level_options/,
    ],
  ])('init refuses %s', async (_name, change, code, message) => {
    const body = initBody(MB, MB, 1);
    const res = await init({ ...body, post_info: { ...body.post_info, ...change } });
    expect(res.status).toBe(400);
    expect(res.error.code).toBe(code);
    expect(res.error.message).toMatch(message);
  });

  it('init accepts a title of exactly 2200 UTF-16 units and refuses broken chunk arithmetic', async () => {
    const body = initBody(MB, MB, 1);
    expect((await init({ ...body, post_info: { ...body.post_info, title: '🎬'.repeat(1100) } })).status).toBe(200);
    const bad = await init(initBody(12 * MB, 5 * MB, 3));
    expect(bad.status).toBe(400);
    expect(bad.error.code).toBe('invalid_params');
  });

  it('the inbox variant ends in SEND_TO_USER_INBOX without a public post', async () => {
    const bytes = randomBytes(2 * MB);
    const { source_info } = initBody(bytes.length);
    const res = await call(emu, token, 'POST', '/v2/post/publish/inbox/video/init/', { source_info });
    const { publish_id, upload_url } = res.data as Record<string, string>;
    expect((await putChunk(upload_url!, bytes, 0, bytes.length)).status).toBe(201);
    emu.clock.t += 1000;
    expect((await status(publish_id!)).data).toMatchObject({
      status: 'SEND_TO_USER_INBOX',
      publicaly_available_post_id: [],
    });
  });
});

describe('TikTok state across a restart', () => {
  it('keeps tokens and an upload session in the middle of its chunks', async () => {
    const own = await startTikTok();
    const { access_token } = await connect(own);
    const bytes = randomBytes(12 * MB);
    const started = await call(
      own,
      access_token,
      'POST',
      '/v2/post/publish/video/init/',
      initBody(bytes.length, 5 * MB, 2),
    );
    const { publish_id, upload_url } = started.data as Record<string, string>;
    expect((await putChunk(upload_url!, bytes.subarray(0, 5 * MB), 0, bytes.length)).status).toBe(206);
    await own.close();

    // Back on another port (a client's pooled sockets to the old one are dead): the upload URL's path still works.
    const again = await startTikTok(own.dataDir, 0, own.clock);
    const moved = (url: string) => url.replace(own.url, again.url);
    try {
      const mid = await call(again, access_token, 'POST', '/v2/post/publish/status/fetch/', { publish_id });
      expect(mid.data).toMatchObject({ status: 'PROCESSING_UPLOAD', uploaded_bytes: 5 * MB });
      expect((await putChunk(moved(upload_url!), bytes.subarray(5 * MB), 5 * MB, bytes.length)).status).toBe(201);
      again.clock.t += 1000;
      const done = await call(again, access_token, 'POST', '/v2/post/publish/status/fetch/', { publish_id });
      expect(done.data.status).toBe('PUBLISH_COMPLETE');
      const items = await published(again);
      expect(items[0]).toMatchObject({ bytes: bytes.length, sha256: sha(bytes) });
    } finally {
      await stop(again);
    }
  });
});

/** A chunk PUT whose client goes away once `sent` of its bytes are out. */
function cutOff(url: string, chunk: Buffer, first: number, total: number, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'PUT',
      headers: {
        'content-type': 'video/mp4',
        'content-range': `bytes ${first}-${first + chunk.length - 1}/${total}`,
        'content-length': String(chunk.length),
      },
    });
    req.on('error', () => undefined);
    req.on('close', () => resolve());
    req.write(chunk.subarray(0, sent), () => req.destroy());
  });
}
