import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { form, published, startMeta, videoBytes, type TestMeta } from '../meta/meta-test-support';
import { instagram } from '.';
import { bearer, graph, longToken } from './ig-test-support';

let t: TestMeta;
let token: string;
const USER = '1784140012345678';

beforeAll(async () => {
  t = await startMeta([instagram]);
  token = await longToken(t);
});
afterAll(() => t.stop());
beforeEach(async () => {
  await t.call('DELETE', `${t.emu.url}/_control/faults`);
});

async function container(fields: Record<string, string> = {}) {
  const res = await t.call('POST', graph(t, `/${USER}/media`), {
    ...form({ media_type: 'REELS', upload_type: 'resumable', caption: 'Hello #sandbox', ...fields }),
    headers: { ...form({}).headers, ...bearer(token) },
  });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string; uri: string };
}

function rupload(uri: string, bytes: Buffer, offset: number, fileSize: number, auth = `OAuth ${token}`) {
  return t.call('POST', uri, {
    headers: { authorization: auth, offset: String(offset), file_size: String(fileSize) },
    body: bytes,
  });
}

const status = async (id: string) =>
  (await t.call('GET', graph(t, `/${id}?fields=status_code,status`), { headers: bearer(token) })).body as {
    status_code: string;
    status: string;
  };

const publish = (creationId: string) =>
  t.call('POST', graph(t, `/${USER}/media_publish?creation_id=${creationId}`), { headers: bearer(token) });

/** Polls the status as a client does until it leaves IN_PROGRESS (bounded). */
async function settle(id: string) {
  for (let i = 0; i < 10; i++) {
    const s = await status(id);
    if (s.status_code !== 'IN_PROGRESS') return s;
  }
  throw new Error('still IN_PROGRESS after 10 polls');
}

async function uploaded(bytes = videoBytes(50_000)) {
  const c = await container();
  expect((await rupload(c.uri, bytes, 0, bytes.length)).status).toBe(200);
  return c;
}

describe('Instagram Reels publishing', () => {
  it('container → rupload in parts → FINISHED → media_publish → permalink, with the bytes intact', async () => {
    const bytes = videoBytes(300_000, 3);
    const c = await container({ share_to_feed: 'true', thumb_offset: '500' });
    expect(c.uri).toBe(`${t.emu.url}/rupload.facebook.com/ig-api-upload/v23.0/${c.id}`);
    expect(await status(c.id)).toMatchObject({ status_code: 'IN_PROGRESS' });

    expect((await rupload(c.uri, bytes.subarray(0, 100_000), 0, bytes.length)).body).toMatchObject({ success: true });
    const ahead = await rupload(c.uri, bytes.subarray(200_000), 200_000, bytes.length);
    expect(ahead.status).toBe(400);
    expect(ahead.body).toMatchObject({ debug_info: { type: 'OffsetInvalidError', retriable: false }, offset: 100_000 });
    expect((await rupload(c.uri, bytes.subarray(100_000), 100_000, bytes.length + 1)).status).toBe(400);
    const noSize = await t.call('POST', c.uri, { headers: { authorization: `OAuth ${token}`, offset: '100000' } });
    expect(noSize.body.debug_info.message).toMatch(/file_size/);
    expect((await rupload(c.uri, bytes.subarray(100_000), 100_000, bytes.length, `Bearer ${token}`)).status).toBe(401);
    expect((await status(c.id)).status).toMatch(/100000 of 300000 bytes/);
    expect((await rupload(c.uri, bytes.subarray(100_000), 100_000, bytes.length)).status).toBe(200);

    expect(await status(c.id)).toEqual({
      id: c.id,
      status_code: 'IN_PROGRESS',
      status: 'In Progress: Media is still being processed.',
    });
    expect(await settle(c.id)).toMatchObject({ status_code: 'FINISHED' });

    const res = await publish(c.id);
    expect(res.status).toBe(200);
    const mediaId = res.body.id as string;
    expect(await status(c.id)).toMatchObject({ status_code: 'PUBLISHED' });
    expect((await publish(c.id)).status).toBe(400);

    const media = await t.call('GET', graph(t, `/${mediaId}?fields=permalink,caption,media_product_type,timestamp`), {
      headers: bearer(token),
    });
    expect(media.body).toMatchObject({ id: mediaId, caption: 'Hello #sandbox', media_product_type: 'REELS' });
    expect(media.body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/);
    expect(media.body.permalink).toMatch(new RegExp(`^${t.emu.url}/www\\.instagram\\.com/reel/[\\w-]{11}/$`));
    const page = await t.call('GET', media.body.permalink);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Hello #sandbox');

    const items = await published(t);
    const item = items.find((i) => i.id === mediaId)!;
    expect(item).toMatchObject({ platform: 'instagram', url: media.body.permalink, bytes: bytes.length });
    expect(item.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));

    const list = await t.call('GET', graph(t, `/${USER}/media?fields=id,caption,permalink,timestamp`), {
      headers: bearer(token),
    });
    expect(list.body.data[0]).toMatchObject({ id: mediaId, permalink: media.body.permalink });

    const insights = async () =>
      (
        await t.call(
          'GET',
          graph(t, `/${mediaId}/insights?metric=views,reach,likes,comments,shares,saved,total_interactions`),
          { headers: bearer(token) },
        )
      ).body.data as { name: string; values: { value: number }[] }[];
    const before = await insights();
    expect(before.map((d) => d.name)).toEqual([
      'views',
      'reach',
      'likes',
      'comments',
      'shares',
      'saved',
      'total_interactions',
    ]);
    t.clock.now += 3 * 3600_000;
    const after = await insights();
    expect(after[0]!.values[0]!.value).toBeGreaterThan(before[0]!.values[0]!.value);
    expect(after[2]!.values[0]!.value).toBeGreaterThan(0);
    const plays = await t.call('GET', graph(t, `/${mediaId}/insights?metric=plays`), { headers: bearer(token) });
    expect(plays.body.error).toMatchObject({ code: 100 });
  });

  it('refuses to publish a container that is not FINISHED (9007 / 2207027)', async () => {
    const c = await container();
    const res = await publish(c.id);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 9007, error_subcode: 2207027, message: 'Media ID is not available' });
  });

  it('takes params as JSON too, and answers a video_url it cannot fetch with an ERROR status', async () => {
    const res = await t.call('POST', graph(t, `/${USER}/media`), {
      headers: { 'content-type': 'application/json', ...bearer(token) },
      body: JSON.stringify({ media_type: 'REELS', video_url: 'https://cdn.example.com/v.mp4', caption: 'x' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.uri).toBeUndefined();
    const s = await status(res.body.id);
    expect(s.status_code).toBe('ERROR');
    expect(s.status).toMatch(/cannot be fetched in the sandbox/);
  });

  it('a video_url on the emulator itself is fetched', async () => {
    const bytes = videoBytes(20_000, 11);
    const first = await uploaded(bytes);
    await settle(first.id);
    const mediaId = (await publish(first.id)).body.id;
    const mediaUrl = (await t.call('GET', graph(t, `/${mediaId}?fields=media_url`), { headers: bearer(token) })).body
      .media_url;
    const res = await t.call(
      'POST',
      graph(t, `/${USER}/media?media_type=REELS&video_url=${encodeURIComponent(mediaUrl)}`),
      {
        headers: bearer(token),
      },
    );
    expect(await settle(res.body.id)).toMatchObject({ status_code: 'FINISHED' });
  });

  it('containers expire after 24 hours', async () => {
    const c = await uploaded();
    t.clock.now += 24 * 3600_000 + 1;
    expect((await status(c.id)).status_code).toBe('EXPIRED');
    expect((await publish(c.id)).body.error).toMatchObject({ code: -2, error_subcode: 2207020 });
  });

  it('enforces 100 API posts per rolling 24 hours (9 / 2207042) and reports the quota', async () => {
    const media = t.emu.ctx.store.collection<object>('instagram.media');
    const now = t.clock.now;
    for (let i = 0; i < 100; i++)
      media.set(`seed${i}`, {
        id: `seed${i}`,
        igUserId: USER,
        publishedAt: now - 3600_000,
        caption: '',
        blobId: 'none',
      });
    const limit = await t.call('GET', graph(t, `/${USER}/content_publishing_limit?fields=quota_usage,config`), {
      headers: bearer(token),
    });
    expect(limit.body.data[0]).toEqual({ quota_usage: 100, config: { quota_total: 100, quota_duration: 86400 } });
    const c = await uploaded();
    await settle(c.id);
    expect((await publish(c.id)).body.error).toMatchObject({ code: 9, error_subcode: 2207042 });
    for (let i = 0; i < 100; i++) media.delete(`seed${i}`);
    expect((await publish(c.id)).status).toBe(200);
  });

  it('refuses params the media edge does not take, and enum values it does not know', async () => {
    const call = (q: string) => t.call('POST', graph(t, `/${USER}/media?${q}`), { headers: bearer(token) });
    expect((await call('media_type=REELS&upload_type=resumable&title=x')).body.error).toMatchObject({
      code: 100,
      message: '(#100) Param title is not a valid parameter',
    });
    expect((await call('media_type=SHORTS&upload_type=resumable')).body.error.message).toBe(
      '(#100) Param media_type must be one of {REELS, STORIES, VIDEO} - got "SHORTS"',
    );
    expect((await call('media_type=REELS&upload_type=chunked')).body.error.code).toBe(100);
    expect((await call('media_type=REELS&upload_type=resumable&share_to_feed=maybe')).body.error.code).toBe(100);
    expect((await call('media_type=REELS')).body.error.message).toBe('(#100) The parameter video_url is required');
  });

  it('takes up to 3 collaborators by username, and refuses a fourth or a name that is not one', async () => {
    const call = (list: string[]) => {
      const body = form({ collaborators: JSON.stringify(list) });
      return t.call('POST', graph(t, `/${USER}/media?media_type=REELS&upload_type=resumable`), {
        body: body.body,
        headers: { ...bearer(token), ...body.headers },
      });
    };
    expect((await call(['a', 'b', 'c', 'd'])).body.error.message).toMatch(/collaborators must list at most 3/);
    expect((await call(['@mia'])).body.error.message).toMatch(/collaborators must list Instagram usernames/);
    const ok = await call(['night.market_tw', 'mia']);
    expect(ok.status).toBe(200);
    const kept = t.emu.ctx.store.collection<{ collaborators?: string[] }>('instagram.containers').get(ok.body.id);
    expect(kept?.collaborators).toEqual(['night.market_tw', 'mia']);
  });

  it('keeps an upload across a restart and finishes it from the offset held', async () => {
    const bytes = videoBytes(120_000, 5);
    const c = await container({ caption: 'after restart' });
    await rupload(c.uri, bytes.subarray(0, 70_000), 0, bytes.length);
    await t.restart();
    const uri = c.uri.replace(/^http:\/\/[^/]+/, t.emu.url);
    expect((await rupload(uri, bytes.subarray(80_000), 80_000, bytes.length)).body.offset).toBe(70_000);
    expect((await rupload(uri, bytes.subarray(70_000), 70_000, bytes.length)).status).toBe(200);
    await settle(c.id);
    const mediaId = (await publish(c.id)).body.id;
    const item = (await published(t)).find((i) => i.id === mediaId)!;
    expect(item.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });
});
