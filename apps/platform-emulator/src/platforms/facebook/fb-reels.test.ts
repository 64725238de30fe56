import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addFault, published, startMeta, videoBytes, type TestMeta } from '../meta/meta-test-support';
import { facebook } from '.';
import { bearer, graph, longUserToken, PAGE, pageToken } from './fb-test-support';

let t: TestMeta;
let page: string;

beforeAll(async () => {
  t = await startMeta([facebook]);
  page = await pageToken(t, await longUserToken(t));
});
afterAll(() => t.stop());
beforeEach(async () => {
  await t.call('DELETE', `${t.emu.url}/_control/faults`);
});

const reels = (fields: Record<string, string>) =>
  t.call('POST', graph(t, `/${PAGE}/video_reels`), {
    headers: { 'content-type': 'application/json', ...bearer(page) },
    body: JSON.stringify(fields),
  });

const rupload = (url: string, bytes: Buffer, offset: number, size: number) =>
  t.call('POST', url, {
    headers: { authorization: `OAuth ${page}`, offset: String(offset), file_size: String(size) },
    body: bytes,
  });

const status = async (id: string) =>
  (await t.call('GET', graph(t, `/${id}?fields=status,permalink_url`), { headers: bearer(page) })).body;

async function uploadedReel(bytes = videoBytes(30_000, 8)) {
  const started = await reels({ upload_phase: 'start' });
  expect(started.status, started.text).toBe(200);
  expect((await rupload(started.body.upload_url, bytes, 0, bytes.length)).body).toEqual({ success: true });
  return started.body.video_id as string;
}

describe('Facebook Page Reels', () => {
  it('start → rupload in parts → status phases → finish PUBLISHED → the reel page, with the bytes intact', async () => {
    const bytes = videoBytes(200_000, 6);
    const started = await reels({ upload_phase: 'start' });
    const id = started.body.video_id as string;
    expect(started.body.upload_url).toBe(`${t.emu.url}/rupload.facebook.com/video-upload/v23.0/${id}`);
    expect((await status(id)).status).toMatchObject({
      video_status: 'uploading',
      uploading_phase: { status: 'not_started', bytes_transferred: 0 },
    });
    await rupload(started.body.upload_url, bytes.subarray(0, 80_000), 0, bytes.length);
    const ahead = await rupload(started.body.upload_url, bytes.subarray(120_000), 120_000, bytes.length);
    expect(ahead.status).toBe(400);
    expect(ahead.body).toMatchObject({ debug_info: { type: 'OffsetInvalidError' }, offset: 80_000 });
    expect((await status(id)).status.uploading_phase).toEqual({ status: 'in_progress', bytes_transferred: 80_000 });
    await rupload(started.body.upload_url, bytes.subarray(80_000), 80_000, bytes.length);

    const processing = (await status(id)).status;
    expect(processing).toMatchObject({ video_status: 'processing', processing_phase: { status: 'in_progress' } });
    const ready = await status(id);
    expect(ready.status).toMatchObject({
      video_status: 'ready',
      processing_phase: { status: 'complete' },
      publishing_phase: { status: 'not_started' },
    });

    const finished = await reels({
      upload_phase: 'finish',
      video_id: id,
      video_state: 'PUBLISHED',
      description: 'My reel',
    });
    expect(finished.body).toEqual({ success: true });
    const live = await status(id);
    expect(live.status.publishing_phase).toMatchObject({ status: 'complete', publish_status: 'published' });
    expect(live.permalink_url).toBe(`${t.emu.url}/www.facebook.com/reel/${id}`);
    expect((await t.call('GET', live.permalink_url)).text).toContain('My reel');
    const item = (await published(t)).find((i) => i.id === id)!;
    expect(item.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect((await reels({ upload_phase: 'finish', video_id: id, video_state: 'PUBLISHED' })).body.error.code).toBe(100);

    const plays = async () =>
      (await t.call('GET', graph(t, `/${id}/video_insights?metric=blue_reels_play_count`), { headers: bearer(page) }))
        .body.data[0].values[0].value as number;
    const before = await plays();
    t.clock.now += 3600_000;
    expect(await plays()).toBeGreaterThan(before);
  });

  it('a finish right after the upload publishes once processing completes', async () => {
    const id = await uploadedReel();
    expect((await reels({ upload_phase: 'FINISH', video_id: id, video_state: 'PUBLISHED' })).body).toEqual({
      success: true,
    });
    expect((await status(id)).status.publishing_phase.status).toBe('in_progress');
    expect((await status(id)).status.publishing_phase.status).toBe('complete');
  });

  it('refuses to finish a reel whose bytes are not all in', async () => {
    const started = await reels({ upload_phase: 'start' });
    await rupload(started.body.upload_url, Buffer.alloc(10), 0, 100);
    const res = await reels({ upload_phase: 'finish', video_id: started.body.video_id, video_state: 'PUBLISHED' });
    expect(res.body.error).toMatchObject({ code: 6000 });
  });

  it('allows 30 reels per Page in 24 hours, then answers (#32) with the time to regain access', async () => {
    const store = t.emu.ctx.store.collection<object>('facebook.videos');
    for (let i = 0; i < 30; i++)
      store.set(`r${i}`, {
        id: `r${i}`,
        pageId: PAGE,
        kind: 'reel',
        videoState: 'PUBLISHED',
        finishedAt: t.clock.now - 60_000,
        processing: { polls: 0 },
        blobId: 'none',
      });
    const id = await uploadedReel();
    const res = await reels({ upload_phase: 'finish', video_id: id, video_state: 'PUBLISHED' });
    for (let i = 0; i < 30; i++) store.delete(`r${i}`);
    expect(res.body.error).toMatchObject({ code: 32, is_transient: true });
    const buc = JSON.parse(res.headers.get('x-business-use-case-usage')!)[PAGE][0];
    expect(buc.type).toBe('pages');
    // Until the oldest of the last 30 finishes leaves the 24-hour window (an earlier test's, an hour back).
    expect(buc.estimated_time_to_regain_access).toBe(23 * 60);
    expect((await reels({ upload_phase: 'finish', video_id: id, video_state: 'PUBLISHED' })).body).toEqual({
      success: true,
    });
  });

  it('faults: processing_failed and slow_processing at reels_status, duplicate at reels_finish', async () => {
    await addFault(t, { platform: 'facebook', kind: 'processing_failed', step: 'reels_status', message: 'Bad codec' });
    const failed = await uploadedReel();
    expect((await status(failed)).status).toMatchObject({
      video_status: 'error',
      processing_phase: { status: 'error', errors: [{ message: 'Bad codec' }] },
    });

    await addFault(t, { platform: 'facebook', kind: 'slow_processing', step: 'reels_status', delayMs: 10_000 });
    const slow = await uploadedReel();
    for (let i = 0; i < 3; i++) expect((await status(slow)).status.video_status).toBe('processing');
    t.clock.now += 10_000;
    expect((await status(slow)).status.video_status).toBe('ready');

    await addFault(t, { platform: 'facebook', kind: 'duplicate', step: 'reels_finish' });
    const dup = await reels({ upload_phase: 'finish', video_id: slow, video_state: 'PUBLISHED' });
    expect(dup.body.error).toMatchObject({ code: 506 });

    await addFault(t, { platform: 'facebook', kind: 'rate_limit', step: 'reels_start', delayMs: 300_000 });
    const limited = await reels({ upload_phase: 'start' });
    expect(limited.body.error).toMatchObject({ code: 32 });
    expect(JSON.parse(limited.headers.get('x-business-use-case-usage')!)[PAGE][0].estimated_time_to_regain_access).toBe(
      5,
    );

    await addFault(t, { platform: 'facebook', kind: 'reject', step: 'reels_upload', message: 'Video is too long' });
    const started = await reels({ upload_phase: 'start' });
    const refused = await rupload(started.body.upload_url, Buffer.alloc(5), 0, 5);
    expect(refused.body).toEqual({
      debug_info: { retriable: false, type: 'ProcessingFailedError', message: 'Video is too long' },
    });
  });
});
