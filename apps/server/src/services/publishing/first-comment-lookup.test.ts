import type { Post } from '@fanout/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { commentSettled, commentsUnder, postWithComment } from './first-comment-test-support';
import { sweepPosts } from './publish-sweep';
import { publisher, setPostRow, uniqueCaption } from './publishing-test-support';

/**
 * A first comment whose answer never came is looked for on the platform before anything is sent again: a run that
 * died after its request, a request whose answer was lost, and a person's retry of an unconfirmed comment.
 */
describe('the first comment: looked up when its answer was lost', () => {
  let server: TestServer;
  let emulator: { url: string };
  beforeAll(async () => {
    // A short step timeout: a request held by the emulator is given up within a second.
    server = await startTestServer({ PUBLISH_RETRY_BASE_MS: '100', PUBLISH_STEP_TIMEOUT_SECONDS: '1' });
    emulator = sandboxEmulator(server);
  });
  afterEach(() => control.clearFaults(emulator));
  afterAll(() => stopTestServer(server));

  /** As a run leaves the comment when it dies after it took it for sending, its hold now over. */
  const interrupted = (post: Post) =>
    setPostRow(server, post.id, {
      first_comment_status: 'sending',
      first_comment_due_at: new Date(Date.now() - 1000),
      first_comment_id: null,
      first_comment_url: null,
      first_comment_error: null,
    });

  for (const platform of ['x', 'reddit'] as const) {
    it(`${platform}: a run that died after the comment went out: the sweep finds it there and marks it posted`, async () => {
      const who = await publisher(server, platform);
      const made = await postWithComment(server, who, platform, uniqueCaption('Crash'), 'Once only');
      const sent = await commentSettled(who, made.id);
      expect(sent.firstComment).toMatchObject({ status: 'posted' });
      await interrupted(sent);

      await sweepPosts(server.ctx);
      const after = await commentSettled(who, made.id);
      expect(after).toMatchObject({
        status: 'published',
        firstComment: { status: 'posted', error: null, url: sent.firstComment!.url },
      });
      expect(await commentsUnder(emulator, after)).toMatchObject([{ text: 'Once only' }]);
    });
  }

  it('a look-up that fails leaves it for the person to check, never sent again blindly', async () => {
    const who = await publisher(server, 'reddit');
    const made = await postWithComment(server, who, 'reddit', uniqueCaption('No look'), 'Sent once');
    await commentSettled(who, made.id);
    await interrupted(made);
    await control.fault(emulator, { platform: 'reddit', kind: 'server_error', step: 'comments' });

    await sweepPosts(server.ctx);
    const after = await commentSettled(who, made.id);
    expect(after).toMatchObject({
      status: 'published',
      firstComment: { status: 'failed', error: { code: 'comment_unconfirmed' } },
    });
    expect(after.firstComment?.error?.message).toMatch(/may have been posted.*check/);
    expect(await commentsUnder(emulator, after)).toHaveLength(1);
  });

  it('a grant without the scope the look-up needs: the sweep asks the person, whose retry sends it', async () => {
    const who = await publisher(server, 'facebook');
    // Facebook reads a Page's comments with pages_read_user_content, an optional permission this grant lacks.
    const connection = await server.ctx.db
      .selectFrom('platform_connections')
      .select('scopes')
      .where('id', '=', who.connectionId)
      .executeTakeFirstOrThrow();
    const scopes = (connection.scopes as string[]).filter((s) => s !== 'pages_read_user_content');
    await server.ctx.db
      .updateTable('platform_connections')
      .set({ scopes: JSON.stringify(scopes) })
      .where('id', '=', who.connectionId)
      .execute();
    await control.fault(emulator, { platform: 'facebook', kind: 'reject', step: 'comment', message: 'not now' });
    const made = await postWithComment(server, who, 'facebook', uniqueCaption('No scope'), 'Read more');
    await commentSettled(who, made.id);
    await interrupted(made);

    await sweepPosts(server.ctx);
    const asked = await commentSettled(who, made.id);
    expect(asked.firstComment).toMatchObject({ status: 'failed', error: { code: 'comment_unconfirmed' } });
    expect(await commentsUnder(emulator, asked)).toHaveLength(0);

    expect((await who.as.post(`/api/posts/${made.id}/first-comment/retry`)).status).toBe(200);
    const sent = await commentSettled(who, made.id);
    expect(sent.firstComment).toMatchObject({ status: 'posted', error: null });
    expect(await commentsUnder(emulator, sent)).toMatchObject([{ text: 'Read more' }]);
  });

  it('a comment the run never sent before it died: the sweep finds none there and sends it, once', async () => {
    const who = await publisher(server, 'reddit');
    // The comment is refused, so nothing reaches the platform; then the row is left as a run that died would leave it.
    await control.fault(emulator, { platform: 'reddit', kind: 'reject', step: 'comment', message: 'try later' });
    const made = await postWithComment(server, who, 'reddit', uniqueCaption('Never sent'), 'Source below');
    const refused = await commentSettled(who, made.id);
    expect(await commentsUnder(emulator, refused)).toHaveLength(0);
    await interrupted(refused);

    await sweepPosts(server.ctx);
    const after = await commentSettled(who, made.id);
    expect(after).toMatchObject({ firstComment: { status: 'posted', error: null, url: expect.stringContaining('/') } });
    expect(await commentsUnder(emulator, after)).toMatchObject([{ text: 'Source below' }]);
    // The sweep finds nothing more to do.
    await sweepPosts(server.ctx);
    expect((await commentSettled(who, made.id)).firstComment?.status).toBe('posted');
    expect(await commentsUnder(emulator, after)).toHaveLength(1);
  });

  it('an answer lost after the comment was made: looked up at once and shown posted, one comment', async () => {
    const who = await publisher(server, 'reddit');
    // The emulator makes the comment, then keeps its answer until Fanout gives up on it.
    await control.fault(emulator, { platform: 'reddit', kind: 'hang_after', step: 'comment' });
    const made = await postWithComment(server, who, 'reddit', uniqueCaption('Lost answer'), 'Behind the scenes');
    const post = await commentSettled(who, made.id);
    expect(post).toMatchObject({
      status: 'published',
      firstComment: { status: 'posted', error: null, url: expect.stringMatching(/\/comments\/.+\/.+\//) },
    });
    expect(await commentsUnder(emulator, post)).toMatchObject([{ text: 'Behind the scenes' }]);
  });

  it("the person's retry of an unconfirmed comment looks first: there, it is marked posted; not there, it is sent", async () => {
    const who = await publisher(server, 'reddit');
    // The comment request is held with no effect: Fanout gives up, finds none, and asks the person.
    await control.fault(emulator, { platform: 'reddit', kind: 'hang', step: 'comment' });
    const made = await postWithComment(server, who, 'reddit', uniqueCaption('Unconfirmed'), 'Credits');
    const unconfirmed = await commentSettled(who, made.id);
    expect(unconfirmed.firstComment).toMatchObject({ status: 'failed', error: { code: 'comment_unconfirmed' } });
    expect(await commentsUnder(emulator, unconfirmed)).toHaveLength(0);
    await control.clearFaults(emulator);

    expect((await who.as.post(`/api/posts/${made.id}/first-comment/retry`)).status).toBe(200);
    const sent = await commentSettled(who, made.id);
    expect(sent.firstComment).toMatchObject({ status: 'posted', error: null });
    expect(await commentsUnder(emulator, sent)).toHaveLength(1);

    // Now it is there: a retry of it as unconfirmed finds it and sends nothing.
    await setPostRow(server, made.id, {
      first_comment_status: 'failed',
      first_comment_url: null,
      first_comment_error: { code: 'comment_unconfirmed', message: 'check the post' },
    });
    expect((await who.as.post(`/api/posts/${made.id}/first-comment/retry`)).status).toBe(200);
    const found = await commentSettled(who, made.id);
    expect(found.firstComment).toMatchObject({ status: 'posted', error: null, url: sent.firstComment!.url });
    expect(await commentsUnder(emulator, found)).toHaveLength(1);
  });
});
