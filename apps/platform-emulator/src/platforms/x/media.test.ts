import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { armFault } from '../../core/test-support';
import { MEDIA } from './limits';
import { call, clock, connect, segment, startX, status, uploadVideo, type Clock, type TestX } from './test-helpers';

let t: TestX;
let time: Clock;
let token: string;
beforeEach(async () => {
  time = clock();
  t = await startX({ now: time.now });
  token = (await connect(t)).accessToken;
});
afterEach(() => t.stop());

const init = (json: unknown) => call(t.api('/2/media/upload/initialize'), token, { json });
const append = (id: string, bytes: Buffer, index: number) =>
  call(t.api(`/2/media/upload/${id}/append`), token, { form: segment(bytes, index) });
const fault = (body: object) => armFault(t.emu.url, 'x', body);

describe('X media upload v2', () => {
  it('initializes an upload with an id, a media_key and its lifetime', async () => {
    const res = await init({ media_type: 'video/mp4', total_bytes: 1000, media_category: 'tweet_video' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: expect.stringMatching(/^\d{1,19}$/), expires_after_secs: 86400 });
    expect(res.body.data.media_key).toBe(`7_${res.body.data.id}`);
    expect(res.headers.get('x-rate-limit-limit')).toBe('1875');
  });

  it('refuses an initialize outside the enums, the size limits or with a type that does not fit the category', async () => {
    for (const body of [
      { media_type: 'video/avi', total_bytes: 10 },
      { media_type: 'video/mp4', total_bytes: 10, media_category: 'story_video' },
      { media_type: 'image/png', total_bytes: 10, media_category: 'tweet_video' },
      { media_type: 'image/png', total_bytes: 6 * 1024 * 1024, media_category: 'tweet_image' },
      { media_type: 'video/mp4', total_bytes: 9 * 1024 ** 3, media_category: 'tweet_video' },
      // X's media page: video 512 MB through the API.
      { media_type: 'video/mp4', total_bytes: 512 * 1024 ** 2 + 1, media_category: 'amplify_video' },
      { media_type: 'video/mp4', total_bytes: -1 },
      { media_type: 'video/mp4', total_bytes: 10, colour: 'red' },
    ]) {
      const res = await init(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.type).toBe('https://api.x.com/2/problems/invalid-request');
    }
  });

  it('takes a video of 512 MB, the size X documents for uploads through the API', async () => {
    const res = await init({ media_type: 'video/mp4', total_bytes: 512 * 1024 ** 2, media_category: 'amplify_video' });
    expect(res.status).toBe(200);
    const over = await init({
      media_type: 'video/mp4',
      total_bytes: 512 * 1024 ** 2 + 1,
      media_category: 'tweet_video',
    });
    expect(over.body.detail).toBe('File size exceeds 536870912 bytes for tweet_video.');
  });

  it('takes segments in order only: gaps, older segments, oversize and overflow are refused', async () => {
    const bytes = randomBytes(3000);
    const { body } = await init({ media_type: 'video/mp4', total_bytes: bytes.length, media_category: 'tweet_video' });
    const id = body.data.id as string;
    expect((await append(id, bytes.subarray(0, 1000), 1)).body.detail).toMatch(/expected segment_index 0, got 1/);
    const ok = await append(id, bytes.subarray(0, 1000), 0);
    expect(ok.status).toBe(200);
    expect(ok.body.data.expires_at).toEqual(expect.any(Number));
    // The last segment sent again (its answer was lost) is taken again in its place, not counted twice.
    expect((await append(id, bytes.subarray(0, 1000), 0)).status).toBe(200);
    expect((await append(id, bytes.subarray(0, 999), 0)).body.detail).toMatch(/expected segment_index 1, got 0/);
    expect((await append(id, bytes.subarray(1000, 2000), 1)).status).toBe(200);
    expect((await append(id, bytes.subarray(0, 1000), 0)).body.detail).toMatch(/expected segment_index 2, got 0/);
    expect((await append(id, bytes.subarray(2000, 3000), 1000)).status).toBe(400);
    expect((await append(id, randomBytes(1500), 2)).body.detail).toMatch(/more than total_bytes/);
    const big = await init({ media_type: 'video/mp4', total_bytes: 6 * 1024 * 1024, media_category: 'tweet_video' });
    const tooBig = await append(big.body.data.id, randomBytes(MEDIA.segmentMaxBytes + 1), 0);
    expect(tooBig.body.detail).toMatch(/at most 5242880 bytes/);
    // Finalize before all bytes are in is refused.
    const early = await call(t.api(`/2/media/upload/${id}/finalize`), token, { method: 'POST' });
    expect(early.body.detail).toMatch(/hold 2000 bytes but total_bytes is 3000/);
  });

  it('takes a segment as base64 in a JSON body as well', async () => {
    const bytes = randomBytes(500);
    const { body } = await init({ media_type: 'image/png', total_bytes: 500 });
    const res = await call(t.api(`/2/media/upload/${body.data.id}/append`), token, {
      json: { media: bytes.toString('base64'), segment_index: 0 },
    });
    expect(res.status).toBe(200);
    const fin = await call(t.api(`/2/media/upload/${body.data.id}/finalize`), token, { method: 'POST' });
    // An image is ready at once: no processing_info.
    expect(fin.body.data).toMatchObject({ id: body.data.id, size: 500 });
    expect(fin.body.data.processing_info).toBeUndefined();
  });

  it('processes a video pending → in_progress → succeeded, one step per poll after check_after_secs', async () => {
    const { id, finalize } = await uploadVideo(t, token, randomBytes(5000), 2048);
    expect(finalize.body.data.processing_info).toEqual({ state: 'pending', check_after_secs: 1, progress_percent: 0 });
    // Too early: answered, but nothing moves.
    expect((await status(t, token, id)).body.data.processing_info.state).toBe('pending');
    time.advance(1000);
    const second = await status(t, token, id);
    expect(second.body.data.processing_info).toMatchObject({ state: 'in_progress', check_after_secs: 1 });
    expect(second.headers.get('x-rate-limit-limit')).toBe('1000');
    expect((await status(t, token, id)).body.data.processing_info.state).toBe('in_progress');
    time.advance(1000);
    expect((await status(t, token, id)).body.data.processing_info).toEqual({
      state: 'succeeded',
      progress_percent: 100,
    });
  });

  it('fails processing under processing_failed (InvalidMedia) and holds it under slow_processing', async () => {
    await fault({ kind: 'processing_failed', step: 'status' });
    const a = await uploadVideo(t, token, randomBytes(100));
    time.advance(1000);
    const failed = await status(t, token, a.id);
    expect(failed.body.data.processing_info).toMatchObject({ state: 'failed', error: { name: 'InvalidMedia' } });
    expect(failed.body.data.processing_info.error.message).toBeTruthy();

    await fault({ kind: 'slow_processing' });
    const b = await uploadVideo(t, token, randomBytes(100));
    for (let i = 0; i < 4; i++) {
      time.advance(1000);
      expect((await status(t, token, b.id)).body.data.processing_info.state).toBe('in_progress');
    }
    await fetch(`${t.emu.url}/_control/faults`, { method: 'DELETE' });
    time.advance(1000);
    expect((await status(t, token, b.id)).body.data.processing_info.state).toBe('succeeded');
  });

  it("refuses another user's media and a status of an unfinalized upload", async () => {
    const { body } = await init({ media_type: 'video/mp4', total_bytes: 10 });
    const other = t.emu.ctx.oauth.issueAccess({
      platform: 'x',
      accountId: '1580000000000000002',
      clientId: 'fanout-sandbox',
      scopes: ['media.write'],
      ttlSeconds: 7200,
    });
    expect(
      (
        await call(t.api(`/2/media/upload/${body.data.id}/append`), other.accessToken, {
          form: segment(randomBytes(10), 0),
        })
      ).status,
    ).toBe(400);
    expect((await status(t, token, body.data.id)).body.detail).toMatch(/not finalized/);
    expect((await call(t.api('/2/media/upload?command=INIT&media_id=1'), token)).status).toBe(400);
  });

  it('keeps an upload across a restart of the emulator mid-upload', async () => {
    const bytes = randomBytes(3000);
    const { body } = await init({
      media_type: 'video/mp4',
      total_bytes: bytes.length,
      media_category: 'amplify_video',
    });
    const id = body.data.id as string;
    expect((await append(id, bytes.subarray(0, 1500), 0)).status).toBe(200);
    const port = Number(new URL(t.emu.url).port);
    await t.emu.close();
    t = { ...t, ...(await startX({ dataDir: t.dataDir, now: time.now, port })) };
    // The restarted emulator still knows segment 0 arrived: it expects 1 next, and takes 0 again only in its place.
    expect((await append(id, bytes.subarray(1500), 2)).body.detail).toMatch(/expected segment_index 1, got 2/);
    expect((await append(id, bytes.subarray(0, 1500), 0)).status).toBe(200);
    expect((await append(id, bytes.subarray(1500), 1)).status).toBe(200);
    expect((await call(t.api(`/2/media/upload/${id}/finalize`), token, { method: 'POST' })).body.data.size).toBe(3000);
    const record = t.emu.ctx.store.collection<{ blobId: string }>('x.media').get(id)!;
    expect(readFileSync(t.emu.ctx.store.blobPath(record.blobId)).equals(bytes)).toBe(true);
  });

  it('takes the one-request upload (POST /2/media/upload) for an image', async () => {
    const form = new (await import('undici')).FormData();
    form.set('media_category', 'tweet_image');
    form.set('media', new Blob([new Uint8Array(randomBytes(300))]), 'a.png');
    const res = await call(t.api('/2/media/upload'), token, { form: form as never });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ size: 300, media_key: expect.stringMatching(/^3_/) });
  });
});
