import type { Post } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { waitUntil } from '../../../test/jobs';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import {
  faultsLeft,
  getPost,
  postToX,
  publishedWith,
  publisher,
  settled,
  uniqueCaption,
  uploadedVideo,
  type Publisher,
} from './publishing-test-support';

/**
 * A step that does not answer within a second is given up; retries back off from a tenth of a second; one
 * post per platform at a time.
 */
const ENV = { PUBLISH_STEP_TIMEOUT_SECONDS: '1', PUBLISH_RETRY_BASE_MS: '100', PUBLISH_PLATFORM_CONCURRENCY: '1' };

describe('the publish runner meeting platform faults', () => {
  let server: TestServer;
  let emulator: { url: string };
  let who: Publisher;
  beforeAll(async () => {
    server = await startTestServer(ENV);
    emulator = sandboxEmulator(server);
    who = await publisher(server);
  });
  afterAll(() => stopTestServer(server));

  /** A post due in a moment, once the fault is armed (the post's creation must not meet it). */
  async function post(what: string, arm: () => Promise<void>) {
    await control.clearFaults(emulator);
    const videoId = await uploadedVideo(server, who, what);
    const caption = uniqueCaption(what);
    await arm();
    const created = await postToX(who, videoId, caption);
    return { caption, created };
  }

  it('waits for a rate limit exactly until the platform’s reset time, then publishes', async () => {
    let reset = 0;
    const { caption, created } = await post('Rate limited', async () => {
      await control.fault(emulator, { platform: 'x', kind: 'rate_limit', step: 'initialize', delayMs: 7_000 });
      // X gives the reset in whole seconds.
      reset = Math.ceil((Date.now() + 7_000) / 1000) * 1000;
    });
    let waiting: Post | undefined;
    await waitUntil(async () => (waiting = await getPost(who, created.id)).retryAt !== null, 'the post to wait');
    expect(waiting).toMatchObject({ status: 'publishing', progress: { step: 'waiting' } });
    const retryAt = Date.parse(waiting!.retryAt!);
    expect(Math.abs(retryAt - reset)).toBeLessThanOrEqual(1_000);

    const done = await settled(who, created.id);
    expect(done).toMatchObject({ status: 'published', attempts: 1, retryAt: null });
    const [onX, ...more] = await publishedWith(server, caption);
    expect(more).toEqual([]);
    expect(Date.parse(onX!.publishedAt)).toBeGreaterThanOrEqual(retryAt);
  });

  it('backs off after passing faults and publishes once they clear', async () => {
    const { caption, created } = await post('Flaky', () =>
      control.fault(emulator, { platform: 'x', kind: 'server_error', step: 'append', times: 3 }),
    );
    const done = await settled(who, created.id);
    expect(done).toMatchObject({ status: 'published', attempts: 1, error: null });
    expect(await publishedWith(server, caption)).toHaveLength(1);
    expect(await faultsLeft(emulator)).toEqual([]);
  });

  it('fails at once with the platform’s own words when the platform refuses the post', async () => {
    const { caption, created } = await post('Refused', () =>
      control.fault(emulator, {
        platform: 'x',
        kind: 'reject',
        step: 'create',
        message: 'You are not allowed to create a Tweet with duplicate content.',
      }),
    );
    const done = await settled(who, created.id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatchObject({
      code: 'rejected',
      platformMessage: expect.stringContaining('duplicate content'),
    });
    expect(done.error!.message).toContain('duplicate content');
    expect(await publishedWith(server, caption)).toEqual([]);
  });

  it('renews the account’s token once when the platform says it expired, then publishes', async () => {
    const xTokens = async () =>
      new Set((await control.tokens(emulator)).items.filter((t) => t.platform === 'x').map((t) => t.accessToken));
    const before = await xTokens();
    const { caption, created } = await post('Expired token', () =>
      control.fault(emulator, { platform: 'x', kind: 'token_expired', step: 'finalize' }),
    );
    const done = await settled(who, created.id);
    expect(done).toMatchObject({ status: 'published', error: null });
    expect(await publishedWith(server, caption)).toHaveLength(1);
    const issued = [...(await xTokens())].filter((token) => !before.has(token));
    expect(issued).toHaveLength(1);
  });

  it('marks a post unconfirmed when its create got no answer and the platform does not show it; a retry asks again', async () => {
    const { caption, created } = await post('No answer', () =>
      control.fault(emulator, { platform: 'x', kind: 'hang', step: 'create', delayMs: 3_000 }),
    );
    const done = await settled(who, created.id);
    expect(done).toMatchObject({ status: 'unconfirmed', error: { code: 'unconfirmed' } });
    expect(done.error!.message).toMatch(/check x/i);
    expect(await publishedWith(server, caption)).toEqual([]);

    // The person checked X and retries: the runner asks X again before it sends the post.
    expect((await who.as.post(`/api/posts/${created.id}/retry`)).status).toBe(200);
    const retried = await settled(who, created.id);
    expect(retried).toMatchObject({ status: 'published', attempts: 2, error: null });
    expect(await publishedWith(server, caption)).toHaveLength(1);
  });

  it('publishes one post of a platform at a time when the platform limit is one, across accounts', async () => {
    await control.clearFaults(emulator);
    const posts: { who: Publisher; videoId: number; caption: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const other = await publisher(server);
      posts.push({ who: other, videoId: await uploadedVideo(server, other), caption: uniqueCaption(`Platform ${i}`) });
    }
    const created = await Promise.all(posts.map((p) => postToX(p.who, p.videoId, p.caption)));
    const done = await Promise.all(created.map((c, i) => settled(posts[i]!.who, c.id)));
    expect(done.map((p) => p.status)).toEqual(['published', 'published']);
    const [a, b] = done
      .map((p) => ({ from: Date.parse(p.startedAt!), to: Date.parse(p.publishedAt!) }))
      .sort((x, y) => x.from - y.from);
    expect(b!.from).toBeGreaterThanOrEqual(a!.to);
  });
});
