import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { armFault } from '../../core/test-support';
import { ACCOUNTS } from './accounts';
import { call, clock, connect, startX, status, uploadVideo, type Clock, type TestX } from './test-helpers';
import { weightedLength } from './text-weight';

let t: TestX;
let time: Clock;
let token: string;
beforeEach(async () => {
  time = clock();
  t = await startX({ now: time.now });
  token = (await connect(t)).accessToken;
});
afterEach(() => t.stop());

const me = ACCOUNTS[0]!;
const post = (json: unknown, as = token) => call(t.api('/2/tweets'), as, { json });
const fault = (body: object) => armFault(t.emu.url, 'x', body);

async function readyVideo(bytes = randomBytes(4000)) {
  const up = await uploadVideo(t, token, bytes, 1500);
  time.advance(1000);
  await status(t, token, up.id);
  time.advance(1000);
  expect((await status(t, token, up.id)).body.data.processing_info.state).toBe('succeeded');
  return up;
}

describe('X posts', () => {
  it('publishes a post with a video: 201, live with its bytes, its page, the look-up and growing metrics', async () => {
    const bytes = randomBytes(4000);
    const { id: mediaId, mediaKey } = await readyVideo(bytes);
    const created = await post({ text: 'Hello from the sandbox', media: { media_ids: [mediaId] } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ data: { id: expect.stringMatching(/^\d{1,19}$/), text: 'Hello from the sandbox' } });
    expect(created.headers.get('x-rate-limit-limit')).toBe('100');
    const id = created.body.data.id as string;

    const { items } = (await (await fetch(`${t.emu.url}/_control/published`)).json()) as {
      items: Record<string, unknown>[];
    };
    expect(items[0]).toMatchObject({
      platform: 'x',
      id,
      url: `${t.emu.publicUrl}/x.com/${me.username}/status/${id}`,
      accountId: me.id,
      caption: 'Hello from the sandbox',
      bytes: 4000,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    const page = await fetch(items[0]!.url as string);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Hello from the sandbox');

    const timeline = await call(
      t.api(`/2/users/${me.id}/tweets?expansions=attachments.media_keys&tweet.fields=attachments,created_at`),
      token,
    );
    expect(timeline.body.data[0]).toMatchObject({
      id,
      attachments: { media_keys: [mediaKey] },
      created_at: new Date(time.now()).toISOString(),
    });
    expect(timeline.body.includes.media).toEqual([{ media_key: mediaKey, type: 'video' }]);
    expect(timeline.body.meta).toMatchObject({ result_count: 1, newest_id: id, oldest_id: id });

    const m1 = (await call(t.api(`/2/tweets/${id}?tweet.fields=public_metrics`), token)).body.data.public_metrics;
    time.advance(30 * 60_000);
    const m2 = (
      await call(
        t.api(
          `/2/tweets/${id}?tweet.fields=public_metrics,non_public_metrics&expansions=attachments.media_keys&media.fields=public_metrics`,
        ),
        token,
      )
    ).body;
    expect(m2.data.public_metrics.impression_count).toBeGreaterThan(m1.impression_count);
    expect(m2.data.public_metrics.like_count).toBeGreaterThan(0);
    expect(m2.data.non_public_metrics.impression_count).toBe(m2.data.public_metrics.impression_count);
    expect(m2.includes.media[0].public_metrics.view_count).toBe(m2.data.public_metrics.impression_count);
  });

  it('refuses media that is not ready, not the user’s, too many, or a video beside other media', async () => {
    const up = await uploadVideo(t, token, randomBytes(500));
    expect((await post({ text: 'early', media: { media_ids: [up.id] } })).body.detail).toMatch(/not ready/);
    const other = t.emu.ctx.oauth.issueAccess({
      platform: 'x',
      accountId: ACCOUNTS[1]!.id,
      clientId: 'fanout-sandbox',
      scopes: ['tweet.read', 'tweet.write', 'users.read'],
      ttlSeconds: 7200,
    });
    const ready = await readyVideo();
    expect((await post({ text: 'not mine', media: { media_ids: [ready.id] } }, other.accessToken)).body.detail).toBe(
      'Your media IDs are invalid.',
    );
    expect((await post({ text: 'five', media: { media_ids: ['1', '2', '3', '4', '5'] } })).status).toBe(400);
    const image = await call(t.api('/2/media/upload/initialize'), token, {
      json: { media_type: 'image/png', total_bytes: 0 },
    });
    await call(t.api(`/2/media/upload/${image.body.data.id}/finalize`), token, { method: 'POST' });
    expect((await post({ text: 'mix', media: { media_ids: [ready.id, image.body.data.id] } })).body.detail).toMatch(
      /only media/,
    );
    expect((await post({ text: 'x', media: { media_ids: [ready.id], colour: 'red' } })).status).toBe(400);
  });

  it('counts text X’s way: URLs 23, CJK and emoji 2; over 280 is refused', async () => {
    expect(weightedLength('hello')).toBe(5);
    expect(weightedLength('see https://example.com/a/very/long/path?with=query')).toBe(4 + 23);
    expect(weightedLength('日本語')).toBe(6);
    expect(weightedLength('👍🏽 ok')).toBe(5);
    expect(weightedLength('👨‍👩‍👧')).toBe(2);
    expect((await post({ text: 'a'.repeat(280) })).status).toBe(201);
    expect((await post({ text: '字'.repeat(141) })).status).toBe(400);
    expect((await post({ text: `${'b'.repeat(256)} https://example.com/${'x'.repeat(200)}` })).status).toBe(201);
    expect((await post({ text: '' })).status).toBe(400);
  });

  it('refuses the same text twice in a row and any post under the duplicate fault, as 403 duplicate content', async () => {
    expect((await post({ text: 'once' })).status).toBe(201);
    const again = await post({ text: 'once' });
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({
      title: 'Forbidden',
      status: 403,
      detail: 'You are not allowed to create a Tweet with duplicate content.',
    });
    await fault({ kind: 'duplicate', step: 'create' });
    expect((await post({ text: 'fresh text' })).status).toBe(403);
    expect((await post({ text: 'fresh text' })).status).toBe(201);
  });

  it('counts requests per user in 15-minute windows and answers 429 with the reset', async () => {
    let last;
    for (let i = 0; i < 75; i++) last = await call(t.api('/2/users/me'), token);
    expect(last!.headers.get('x-rate-limit-remaining')).toBe('0');
    const over = await call(t.api('/2/users/me'), token);
    expect(over.status).toBe(429);
    const reset = Number(over.headers.get('x-rate-limit-reset'));
    expect(reset).toBe(Math.ceil((time.now() + 15 * 60_000) / 1000));
    time.advance(15 * 60_000);
    expect((await call(t.api('/2/users/me'), token)).headers.get('x-rate-limit-remaining')).toBe('74');
  });

  it('answers injected faults in X envelopes', async () => {
    await fault({ kind: 'rate_limit', step: 'create' });
    const limited = await post({ text: 'limited' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('x-rate-limit-reset'))).toBeGreaterThan(0);
    await fault({ kind: 'server_error', step: 'tweets' });
    expect((await call(t.api(`/2/users/${me.id}/tweets`), token)).body.type).toBe(
      'https://api.x.com/2/problems/internal-error',
    );
    await fault({ kind: 'token_expired', step: 'me' });
    expect((await call(t.api('/2/users/me'), token)).status).toBe(401);
    await fault({ kind: 'reject', step: 'create', message: 'Posting is paused.' });
    expect((await post({ text: 'x' })).body).toMatchObject({ status: 403, detail: 'Posting is paused.' });
  });

  it('answers look-ups of unknown posts and users with resource-not-found errors', async () => {
    const tweet = await call(t.api('/2/tweets/123'), token);
    expect(tweet.status).toBe(200);
    expect(tweet.body.errors[0]).toMatchObject({
      resource_type: 'tweet',
      type: 'https://api.x.com/2/problems/resource-not-found',
    });
    expect((await call(t.api('/2/users/999/tweets'), token)).body.errors[0].resource_type).toBe('user');
    expect((await call(t.api(`/2/users/${me.id}/tweets?max_results=3`), token)).status).toBe(400);
    expect((await call(t.api(`/2/users/${me.id}/tweets`), token)).body).toEqual({ meta: { result_count: 0 } });
  });
});
