import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { armFault, publishedItems } from '../../core/test-support';
import { PROCESSING_MS, QUOTA } from './limits';
import {
  clock,
  connect,
  getJson,
  metadata,
  openSession,
  related,
  startYoutube,
  videoBytes,
  type Clock,
  type TestYoutube,
} from './test-helpers';

let t: TestYoutube;
let time: Clock;
let token: string;
beforeEach(async () => {
  time = clock();
  t = await startYoutube({ now: time.now });
  token = (await connect(t)).accessToken;
});
afterEach(() => t.stop());

async function upload(bytes = videoBytes(3000), title = 'Processing one') {
  const { body, contentType } = related(metadata(title), bytes);
  const res = await fetch(t.api('/upload/youtube/v3/videos?uploadType=multipart&part=snippet,status'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
  return ((await res.json()) as { id: string }).id;
}

const list = (id: string, part = 'status,processingDetails,statistics,snippet') =>
  getJson(t.api(`/youtube/v3/videos?part=${part}&id=${id}`), token);

const fault = (body: object) => armFault(t.emu.url, 'youtube', body);

const published = () => publishedItems<Record<string, unknown>>(t.emu);

describe('YouTube processing, watch page and statistics', () => {
  it('goes uploaded → processed, then is live: published with its bytes, on its watch page, with growing statistics', async () => {
    const bytes = videoBytes(5000);
    const id = await upload(bytes);
    const early = await list(id);
    expect(early.body.items[0].status.uploadStatus).toBe('uploaded');
    expect(early.body.items[0].processingDetails.processingStatus).toBe('processing');
    expect(early.body.items[0].processingDetails.processingProgress.partsTotal).toBe('1000');
    expect(await published()).toEqual([]);

    time.advance(PROCESSING_MS);
    const done = await list(id);
    expect(done.body.items[0].status.uploadStatus).toBe('processed');
    expect(done.body.items[0].processingDetails.processingStatus).toBe('succeeded');
    const [item] = await published();
    expect(item).toMatchObject({
      platform: 'youtube',
      id,
      url: `${t.emu.publicUrl}/www.youtube.com/watch?v=${id}`,
      title: 'Processing one',
      bytes: 5000,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    const page = await fetch(item!.url as string);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Processing one');

    const views0 = Number(done.body.items[0].statistics.viewCount);
    time.advance(50 * 60_000);
    const later = await list(id, 'statistics');
    expect(Number(later.body.items[0].statistics.viewCount)).toBeGreaterThan(views0);
    expect(Number(later.body.items[0].statistics.likeCount)).toBeGreaterThan(0);
  });

  it('fails processing under processing_failed, with a failureReason of the schema', async () => {
    await fault({ kind: 'processing_failed' });
    const id = await upload();
    time.advance(PROCESSING_MS);
    const res = await list(id);
    expect(res.body.items[0].status).toMatchObject({ uploadStatus: 'failed', failureReason: 'conversion' });
    expect(res.body.items[0].processingDetails).toMatchObject({
      processingStatus: 'failed',
      processingFailureReason: 'transcodeFailed',
    });
    expect(await published()).toEqual([]);
    expect((await fetch(`${t.emu.publicUrl}/www.youtube.com/watch?v=${id}`)).status).toBe(404);
  });

  it('stays uploaded while slow_processing exists, and finishes once it is cleared', async () => {
    await fault({ kind: 'slow_processing' });
    const id = await upload();
    time.advance(10 * PROCESSING_MS);
    expect((await list(id)).body.items[0].status.uploadStatus).toBe('uploaded');
    expect((await list(id)).body.items[0].status.uploadStatus).toBe('uploaded');
    await fetch(`${t.emu.url}/_control/faults`, { method: 'DELETE' });
    expect((await list(id)).body.items[0].status.uploadStatus).toBe('processed');
  });

  it('rejects the upload as a duplicate under the duplicate fault', async () => {
    await fault({ kind: 'duplicate', step: 'upload' });
    const id = await upload();
    time.advance(PROCESSING_MS);
    const res = await list(id);
    expect(res.body.items[0].status).toMatchObject({ uploadStatus: 'rejected', rejectionReason: 'duplicate' });
    expect(await published()).toEqual([]);
  });

  it('answers request faults in Google envelopes, per step (status vs videos on videos.list)', async () => {
    const id = await upload();
    await fault({ kind: 'server_error', step: 'status' });
    const stats = await list(id, 'statistics');
    expect(stats.status).toBe(200);
    const failed = await list(id, 'status');
    expect(failed.status).toBe(500);
    expect(failed.body.error).toMatchObject({ code: 500, errors: [{ reason: 'backendError' }] });

    await fault({ kind: 'rate_limit', step: 'videos' });
    const limited = await list(id, 'statistics');
    expect(limited.status).toBe(403);
    expect(limited.body.error.errors[0]).toMatchObject({ reason: 'quotaExceeded', domain: 'youtube.quota' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    await fault({ kind: 'token_expired', step: 'channels' });
    const me = await getJson(t.api('/youtube/v3/channels?part=snippet&mine=true'), token);
    expect(me.status).toBe(401);
    expect(me.body.error.status).toBe('UNAUTHENTICATED');

    await fault({ kind: 'reject', step: 'upload', message: 'Uploads are paused.' });
    const rejected = await openSession(t, token, metadata());
    expect(rejected.status).toBe(400);
    expect(((await rejected.json()) as { error: { message: string } }).error.message).toBe('Uploads are paused.');
  });

  it('counts the daily upload quota per project and refuses beyond it with 403 quotaExceeded', async () => {
    for (let i = 0; i < QUOTA.dailyUploads; i++) expect((await openSession(t, token, metadata())).status).toBe(200);
    const over = await openSession(t, token, metadata());
    expect(over.status).toBe(403);
    expect(((await over.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason).toBe(
      'quotaExceeded',
    );
    time.advance(24 * 3600_000);
    token = (await connect(t)).accessToken;
    expect((await openSession(t, token, metadata())).status).toBe(200);
  });

  it('lists only videos one may see, and needs a filter', async () => {
    const id = await upload();
    const other = (await connect(t, { login_hint: 'UCsandboxFanoutDemo00002' })).accessToken;
    t.emu.ctx.store
      .collection<{ status: { privacyStatus: string } }>('youtube.videos')
      .update(id, (v) => (v.status.privacyStatus = 'private'));
    expect((await getJson(t.api(`/youtube/v3/videos?part=id&id=${id}`), other)).body.items).toEqual([]);
    expect((await getJson(t.api(`/youtube/v3/videos?part=id&id=${id}`), token)).body.items).toHaveLength(1);
    expect((await getJson(t.api('/youtube/v3/videos?part=id'), token)).status).toBe(400);
  });
});
