import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  call,
  connect,
  fault,
  published,
  initBody,
  MB,
  putChunk,
  startTikTok,
  stop,
  tokenRequest,
  type Emu,
} from './tiktok.test-helpers';

let emu: Emu;
let token: string;
beforeAll(async () => (emu = await startTikTok()));
beforeEach(async () => (token = (await connect(emu)).access_token));
afterEach(() => fetch(`${emu.url}/_control/faults`, { method: 'DELETE' }));
afterAll(() => stop(emu));

const creatorInfo = () => call(emu, token, 'POST', '/v2/post/publish/creator_info/query/', {});

/** Init and upload a small file; returns its publish id with the upload complete. */
async function uploaded(): Promise<string> {
  const bytes = randomBytes(MB);
  const res = await call(emu, token, 'POST', '/v2/post/publish/video/init/', initBody(bytes.length));
  const { publish_id, upload_url } = res.data as Record<string, string>;
  expect((await putChunk(upload_url!, bytes, 0, bytes.length)).status).toBe(201);
  return publish_id!;
}
const status = (publishId: string) =>
  call(emu, token, 'POST', '/v2/post/publish/status/fetch/', { publish_id: publishId });

describe('TikTok faults, in TikTok envelopes', () => {
  it('rate_limit: 429 rate_limit_exceeded with Retry-After, once', async () => {
    await fault(emu, { kind: 'rate_limit', step: 'creator_info', delayMs: 30_000 });
    const limited = await creatorInfo();
    expect(limited.status).toBe(429);
    expect(limited.error.code).toBe('rate_limit_exceeded');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(29);
    expect((await creatorInfo()).status).toBe(200);
  });

  it('server_error: 500 internal_error', async () => {
    await fault(emu, { kind: 'server_error', step: 'status' });
    const res = await status('v_pub_file~v2-1.0');
    expect(res.status).toBe(500);
    expect(res.error).toMatchObject({ code: 'internal_error', log_id: expect.any(String) });
  });

  it('token_expired: 401 access_token_invalid', async () => {
    await fault(emu, { kind: 'token_expired', step: 'init' });
    const res = await call(emu, token, 'POST', '/v2/post/publish/video/init/', initBody(MB));
    expect(res.status).toBe(401);
    expect(res.error.code).toBe('access_token_invalid');
  });

  it('reject: 400 with the message', async () => {
    await fault(emu, { kind: 'reject', step: 'userinfo', message: 'Account under review' });
    const res = await call(emu, token, 'GET', '/v2/user/info/?fields=open_id');
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ code: 'invalid_params', message: 'Account under review' });
  });

  it('a fault on the token step is answered there', async () => {
    await fault(emu, { kind: 'server_error', step: 'token' });
    const res = await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: 'x' });
    expect(res.status).toBe(500);
  });

  it('duplicate: init refuses with 403 spam_risk_too_many_posts', async () => {
    await fault(emu, { kind: 'duplicate' });
    const res = await call(emu, token, 'POST', '/v2/post/publish/video/init/', initBody(MB));
    expect(res.status).toBe(403);
    expect(res.error.code).toBe('spam_risk_too_many_posts');
    expect((await call(emu, token, 'POST', '/v2/post/publish/video/init/', initBody(MB))).status).toBe(200);
  });

  it('processing_failed: the status becomes FAILED with a fail_reason, and nothing is published', async () => {
    const before = (await published(emu)).length;
    await fault(emu, { kind: 'processing_failed', message: 'duration_check_failed' });
    const publishId = await uploaded();
    const res = await status(publishId);
    expect(res.data).toMatchObject({
      status: 'FAILED',
      fail_reason: 'duration_check_failed',
      publicaly_available_post_id: [],
    });
    emu.clock.t += 5000;
    expect((await status(publishId)).data.status).toBe('FAILED');
    expect((await published(emu)).length).toBe(before);
  });

  it('slow_processing: processing lasts while the fault exists, then completes', async () => {
    await fault(emu, { kind: 'slow_processing', step: 'status' });
    const publishId = await uploaded();
    emu.clock.t += 60_000;
    expect((await status(publishId)).data).toMatchObject({ status: 'PROCESSING_UPLOAD', uploaded_bytes: MB });
    expect((await status(publishId)).data.status).toBe('PROCESSING_UPLOAD');
    await fetch(`${emu.url}/_control/faults`, { method: 'DELETE' });
    expect((await status(publishId)).data.status).toBe('PUBLISH_COMPLETE');
  });

  it('slow_processing with delayMs: processing lasts that long', async () => {
    await fault(emu, { kind: 'slow_processing', delayMs: 10_000 });
    const publishId = await uploaded();
    expect((await status(publishId)).data.status).toBe('PROCESSING_UPLOAD');
    emu.clock.t += 5000;
    expect((await status(publishId)).data.status).toBe('PROCESSING_UPLOAD');
    emu.clock.t += 5001;
    expect((await status(publishId)).data.status).toBe('PUBLISH_COMPLETE');
  });
});

describe('TikTok rate limits', () => {
  it('allows 6 inits a minute per token, then 429 rate_limit_exceeded until the minute has passed', async () => {
    for (let i = 0; i < 6; i++)
      expect((await call(emu, token, 'POST', '/v2/post/publish/video/init/', initBody(MB))).status).toBe(200);
    const seventh = await call(emu, token, 'POST', '/v2/post/publish/video/init/', initBody(MB));
    expect(seventh.status).toBe(429);
    expect(seventh.error.code).toBe('rate_limit_exceeded');
    const other = (await connect(emu)).access_token;
    expect((await call(emu, other, 'POST', '/v2/post/publish/video/init/', initBody(MB))).status).toBe(200);
    emu.clock.t += 61_000;
    expect((await call(emu, token, 'POST', '/v2/post/publish/video/init/', initBody(MB))).status).toBe(200);
  });
});
