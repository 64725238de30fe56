import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvents } from '../../../test/event-stream';
import { waitUntil } from '../../../test/jobs';
import { insertPost, personWithVideo, updatePost } from '../../../test/notifications';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { notifyPostOutcome } from '../../services/notifications/notify';

describe('live events (GET /api/events)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it("streams the person's own notifications and post changes, and nobody else's", async () => {
    const alice = await personWithVideo(server, 'Harbour at dawn');
    const bob = await personWithVideo(server, 'Lighthouse');
    const alices = await openEvents(server, alice.token);
    const bobs = await openEvents(server, bob.token);
    try {
      expect(alices.res.status).toBe(200);
      expect(alices.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(alices.res.headers.get('cache-control')).toMatch(/no-store/);
      expect(alices.res.headers.get('content-encoding')).toBeNull();

      const post = await insertPost(server, alice, { platform: 'youtube' });
      await updatePost(server, post.id, { status: 'publishing', bytesSent: 512, bytesTotal: 1024 });
      await notifyPostOutcome(server.ctx, { ...post, status: 'published' }, 'published');

      await waitUntil(
        () =>
          alices.events.some((e) => e.event === 'notification') &&
          alices.events.some((e) => e.event === 'post' && e.data.post.status === 'publishing'),
        "Alice's events",
      );
      const notification = alices.events.find((e) => e.event === 'notification')!.data;
      expect(notification).toMatchObject({
        unread: 1,
        notification: {
          kind: 'published',
          postId: post.id,
          message: '“Harbour at dawn” was published on YouTube.',
          link: `/video/${alice.videoId}`,
          read: false,
        },
      });
      const changed = alices.events.filter((e) => e.event === 'post').map((e) => e.data.post);
      expect(changed.at(-1)).toMatchObject({
        id: post.id,
        videoId: alice.videoId,
        videoTitle: 'Harbour at dawn',
        status: 'publishing',
        progress: { step: 'upload', bytesSent: 512, bytesTotal: 1024 },
      });
      // Each version of the post is sent once.
      const versions = changed.map((p) => `${p.status}:${p.progress.bytesSent}`);
      expect(new Set(versions).size).toBe(versions.length);

      // Bob's own change comes through his stream after Alice's: so had Alice's reached it, it would be here.
      const bobsPost = await insertPost(server, bob);
      await waitUntil(() => bobs.events.some((e) => e.event === 'post'), "Bob's event");
      expect(bobs.events.map((e) => [e.event, e.data.post?.id])).toEqual([['post', bobsPost.id]]);
      expect(alices.events.some((e) => e.data.post?.id === bobsPost.id)).toBe(false);
    } finally {
      await alices.close();
      await bobs.close();
    }
  });

  it('reaches every stream of the person (two tabs), and keeps going after one closes', async () => {
    const person = await personWithVideo(server);
    const first = await openEvents(server, person.token);
    const second = await openEvents(server, person.token);
    try {
      const post = await insertPost(server, person, { status: 'failed' });
      await notifyPostOutcome(server.ctx, post, 'failed');
      await waitUntil(
        () => [first, second].every((s) => s.events.some((e) => e.event === 'notification')),
        'both tabs to hear of it',
      );
      await first.close();
      await notifyPostOutcome(server.ctx, post, 'failed');
      await waitUntil(
        () => second.events.filter((e) => e.event === 'notification').length === 2,
        'the open tab to hear of the second',
      );
      expect(second.events.filter((e) => e.event === 'notification').at(-1)!.data.unread).toBe(2);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('live events and shutdown', () => {
  it('an open stream ends when the server shuts down, and does not hold the shutdown up', async () => {
    const server = await startTestServer();
    const person = await personWithVideo(server);
    const stream = await openEvents(server, person.token);
    try {
      await stopTestServer(server);
      await waitUntil(() => stream.ended(), 'the stream to end');
    } finally {
      await stream.close();
    }
  });
});
