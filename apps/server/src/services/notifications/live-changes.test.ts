import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvents } from '../../../test/event-stream';
import { authHeaders } from '../../../test/factories';
import { waitUntil } from '../../../test/jobs';
import { insertPost, personWithVideo } from '../../../test/notifications';
import { makeTempDir, startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { listenForChanges } from './change-signal';
import { notifyPostOutcome } from './notify';

const onPostgres = process.env.TEST_DB === 'postgres';

describe('the database announces live changes (LISTEN/NOTIFY)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('names the user whose notification or post was written, once the write commits, and not for a rolled-back one', async () => {
    const heard: (number | undefined)[] = [];
    const signal = listenForChanges(
      { db: server.ctx.db, databaseUrl: server.ctx.config.databaseUrl, log: server.ctx.log },
      (userId) => heard.push(userId),
    );
    try {
      const person = await personWithVideo(server);
      // The listener is up once a change it hears of arrives: a first post tells.
      await waitUntil(async () => {
        await insertPost(server, person);
        return heard.includes(person.user.id);
      }, 'the listener to hear a first change');

      const rolledBack = await personWithVideo(server);
      await server.ctx.db
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('notifications')
            .values({
              user_id: rolledBack.user.id,
              project_id: null,
              kind: 'needs_reconnect',
              platform: null,
              post_id: null,
              video_id: null,
              message: 'never',
              link: '/accounts',
            })
            .execute();
          throw new Error('roll back');
        })
        .catch(() => {});
      const post = await insertPost(server, person);
      heard.length = 0;
      await notifyPostOutcome(server.ctx, { ...post, status: 'published' }, 'published');
      await waitUntil(() => heard.includes(person.user.id), 'the notification to be announced');
      expect(heard).not.toContain(rolledBack.user.id);
    } finally {
      await signal.close();
    }
  });
});

describe.runIf(onPostgres)('live events across two API processes on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    // Two servers on one database, as two API processes are: one secret key for both.
    const env = { SECRET_KEY: randomBytes(32).toString('hex') };
    a = await startTestServer(env);
    b = await startTestServer(env, { dataDir: makeTempDir(), databaseUrl: a.databaseUrl });
  });
  afterAll(async () => {
    await stopTestServer(b);
    await stopTestServer(a);
    if (a?.dataDir) fs.rmSync(a.dataDir, { recursive: true, force: true });
  });

  it("a stream on API A shows a notification written by B and a post cancelled through B's API", async () => {
    const person = await personWithVideo(a);
    const stream = await openEvents(a, person.token);
    try {
      const post = await insertPost(a, person, { platform: 'youtube' });
      await notifyPostOutcome(b.ctx, { ...post, status: 'failed' }, 'failed');
      const cancelled = await fetch(`${b.url}/api/posts/${post.id}`, {
        method: 'DELETE',
        headers: authHeaders(person.token),
      });
      expect(cancelled.status).toBe(200);
      await waitUntil(
        () =>
          stream.events.some((e) => e.event === 'notification' && e.data.notification.postId === post.id) &&
          stream.events.some(
            (e) => e.event === 'post' && e.data.post.id === post.id && e.data.post.status === 'cancelled',
          ),
        'the events written through B on the stream of A',
      );
    } finally {
      await stream.close();
    }
  });
});
