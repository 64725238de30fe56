import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { published, startMeta, videoBytes, type TestMeta } from '../meta/meta-test-support';
import { facebook } from '.';
import { APP, bearer, graph, longUserToken, PAGE, pageToken } from './fb-test-support';

let t: TestMeta;
let user: string;
let page: string;

beforeAll(async () => {
  t = await startMeta([facebook]);
  user = await longUserToken(t);
  page = await pageToken(t, user);
});
afterAll(() => t.stop());
beforeEach(async () => {
  await t.call('DELETE', `${t.emu.url}/_control/faults`);
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function session(length: number) {
  const q = new URLSearchParams({ file_name: 'clip.mp4', file_length: String(length), file_type: 'video/mp4' });
  const res = await t.call('POST', graph(t, `/${APP}/uploads?${q}`), { headers: bearer(user) });
  expect(res.status, res.text).toBe(200);
  expect(res.body.id).toMatch(/^upload:/);
  return res.body.id as string;
}

const send = (id: string, offset: number, bytes: Buffer, auth = `OAuth ${user}`) =>
  t.call('POST', graph(t, `/${id}`), { headers: { authorization: auth, file_offset: String(offset) }, body: bytes });

const createVideo = (fields: Record<string, string>, token = page) =>
  t.call('POST', graph(t, `/${PAGE}/videos`), {
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(token) },
    body: new URLSearchParams(fields).toString(),
  });

describe('Facebook Page videos', () => {
  it('upload session → chunks at file_offset (resume via GET upload:<SID>) → /videos → permalink and look-up', async () => {
    const bytes = videoBytes(250_000, 9);
    const id = await session(bytes.length);
    expect((await send(id, 0, bytes.subarray(0, 100_000))).body).toEqual({ file_offset: 100_000 });

    const wrong = await send(id, 150_000, bytes.subarray(150_000));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: 6001,
      error_subcode: 1363037,
      error_data: { start_offset: 100_000, end_offset: 250_000 },
    });
    expect((await send(id, 100_000, bytes.subarray(100_000), `Bearer ${user}`)).body.error.code).toBe(104);

    const where = await t.call('GET', graph(t, `/${id}`), { headers: { authorization: `OAuth ${user}` } });
    expect(where.body).toEqual({ id, file_offset: 100_000 });
    const done = await send(id, where.body.file_offset, bytes.subarray(where.body.file_offset));
    expect(done.body.h).toMatch(/^2:/);

    const fields = { title: 'Sandbox title', description: 'A Page video', fbuploader_video_file_chunk: done.body.h };
    // A user token is not the Page's: Facebook answers as to a token that may not publish there.
    expect((await createVideo(fields, user)).body.error).toMatchObject({
      code: 100,
      message: '(#100) No permission to publish the video',
    });
    const created = await createVideo(fields);
    expect(created.status, created.text).toBe(200);
    const videoId = created.body.id as string;

    const list = await t.call('GET', graph(t, `/${PAGE}/videos?fields=id,description,created_time,permalink_url`), {
      headers: bearer(page),
    });
    expect(list.body.data[0]).toMatchObject({
      id: videoId,
      description: 'A Page video',
      permalink_url: `${t.emu.url}/www.facebook.com/${PAGE}/videos/${videoId}/`,
    });
    expect(list.body.data[0].created_time).toMatch(/\+0000$/);
    const pageHtml = await t.call('GET', list.body.data[0].permalink_url);
    expect(pageHtml.status).toBe(200);
    expect(pageHtml.text).toContain('A Page video');
    const item = (await published(t)).find((i) => i.id === videoId)!;
    expect(item).toMatchObject({ platform: 'facebook', bytes: bytes.length, sha256: sha(bytes) });

    const views = async () =>
      (await t.call('GET', graph(t, `/${videoId}/video_insights?metric=total_video_views`), { headers: bearer(page) }))
        .body.data[0].values[0].value as number;
    const before = await views();
    t.clock.now += 2 * 3600_000;
    expect(await views()).toBeGreaterThan(before);
  });

  it('schedules with published=false and scheduled_publish_time, live when the time comes', async () => {
    const bytes = videoBytes(5_000, 2);
    const id = await session(bytes.length);
    const h = (await send(id, 0, bytes)).body.h;
    const soon = await createVideo({
      fbuploader_video_file_chunk: h,
      published: 'false',
      scheduled_publish_time: String(Math.floor(t.clock.now / 1000) + 300),
    });
    expect(soon.body.error).toMatchObject({
      code: 100,
      message: '(#100) The specified scheduled publish time is invalid.',
    });
    const at = Math.floor(t.clock.now / 1000) + 3600;
    const res = await createVideo({
      fbuploader_video_file_chunk: h,
      description: 'later',
      published: 'false',
      scheduled_publish_time: String(at),
    });
    expect(res.status).toBe(200);
    expect((await published(t)).some((i) => i.id === res.body.id)).toBe(false);
    t.clock.now += 3601_000;
    const node = await t.call('GET', graph(t, `/${res.body.id}?fields=published,status`), { headers: bearer(page) });
    expect(node.body.published).toBe(true);
    expect((await published(t)).some((i) => i.id === res.body.id)).toBe(true);
  });

  it('refuses a video over 2 GB (1363023) and an upload handle it does not know', async () => {
    const big = t.emu.ctx.store;
    big.collection<object>('facebook.uploads').set('huge', {
      id: 'huge',
      appId: APP,
      accountId: '100000000000042',
      fileName: 'huge.mp4',
      fileLength: 3 * 1024 ** 3,
      fileType: 'video/mp4',
      createdAt: t.clock.now,
    });
    big.collection<object>('facebook.handles').set('2:huge', { handle: '2:huge', sid: 'huge' });
    expect((await createVideo({ fbuploader_video_file_chunk: '2:huge' })).body.error).toMatchObject({
      error_subcode: 1363023,
    });
    expect((await createVideo({ fbuploader_video_file_chunk: '2:nothing' })).body.error.code).toBe(100);
  });

  it('keeps an upload session across a restart', async () => {
    const bytes = videoBytes(90_000, 4);
    const id = await session(bytes.length);
    await send(id, 0, bytes.subarray(0, 40_000));
    await t.restart();
    const where = await t.call('GET', graph(t, `/${id}`), { headers: { authorization: `OAuth ${user}` } });
    expect(where.body.file_offset).toBe(40_000);
    const h = (await send(id, 40_000, bytes.subarray(40_000))).body.h;
    const created = await createVideo({ fbuploader_video_file_chunk: h, description: 'restarted' });
    expect((await published(t)).find((i) => i.id === created.body.id)?.sha256).toBe(sha(bytes));
  });
});
