import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Post, Rendition } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from '../../../test/clips';
import { ownerWithConnections, sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { openEvents } from '../../../test/event-stream';
import type { ApiClient } from '../../../test/factories';
import { uploadVideo } from '../../../test/fixtures';
import { waitUntil } from '../../../test/jobs';
import { makeTempDir, startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { sweepPosts } from './publish-sweep';
import { runPublishJob } from './publish-runner';
import { uniqueCaption } from './publishing-test-support';

const HEVC = ['-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-x265-params', 'log-level=error'];

// Real renders, which run at a low priority: on a busy CI run one test may take a minute or more.
describe('posts that send a fitting copy', { timeout: 180_000 }, () => {
  let server: TestServer;
  let clipDir: string;
  let hevcShort: string;
  let hevcLong: string;
  beforeAll(async () => {
    clipDir = makeTempDir('fanout-publish-copy-');
    // X takes H.264 only: an HEVC clip is refused as it is and fits once transcoded.
    hevcShort = makeClip(path.join(clipDir, 'short.mp4'), '640x360', 2, HEVC);
    // Long enough that its render is still under way when the post is due.
    hevcLong = makeClip(path.join(clipDir, 'long.mp4'), '1280x720', 12, HEVC);
    server = await startTestServer();
  }, 180_000);
  afterAll(async () => {
    await stopTestServer(server);
    fs.rmSync(clipDir, { recursive: true, force: true });
  });

  async function owner(file: string) {
    const who = await ownerWithConnections(server, ['x', 'facebook']);
    const uploaded = await uploadVideo(server, who.token, { file, projectId: who.projectId, title: 'Harbour' });
    expect(uploaded.status).toBe(201);
    return { ...who, video: uploaded.body.video as { id: number; filename: string } };
  }

  const getPost = async (as: ApiClient, id: number) => (await as.get(`/api/posts/${id}`)).body.post as Post;
  const renditionsOf = async (as: ApiClient, videoId: number) =>
    (await as.get(`/api/videos/${videoId}/renditions`)).body.renditions as Rendition[];
  const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  const storedCopy = async (id: number) => {
    const row = await server.ctx.db.selectFrom('renditions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return path.join(server.ctx.config.mediaDir, row.storage_key!);
  };
  async function ended(as: ApiClient, id: number) {
    let post: Post | undefined;
    await waitUntil(
      async () => ['published', 'failed'].includes((post = await getPost(as, id)).status),
      `post ${id} to end`,
      60_000,
    );
    return post!;
  }

  /**
   * A post due now whose copy (made once) is being made again from the start (as a row set back to
   * `rendering` by hand, with no render running): the post waits for it.
   */
  async function postWaitingForCopy(what: string) {
    const who = await owner(hevcShort);
    const caption = uniqueCaption(what);
    const asked = await who.as.post(`/api/videos/${who.video.id}/renditions`, { connectionId: who.ids.x });
    const copyId = asked.body.rendition.id as number;
    await waitUntil(
      async () => (await renditionsOf(who.as, who.video.id))[0]?.status === 'ready',
      'the copy to be made',
      60_000,
    );
    await server.ctx.db.updateTable('renditions').set({ status: 'rendering' }).where('id', '=', copyId).execute();
    const made = await who.as.post(`/api/videos/${who.video.id}/posts`, {
      targets: [{ platform: 'x', caption, renditionId: copyId }],
    });
    const id = (made.body.posts[0] as Post).id;
    await waitUntil(async () => (await getPost(who.as, id)).progress.step === 'rendering', 'the post to wait');
    return { who, caption, copyId, id };
  }

  it('refuses an HEVC video on X as it is, and takes it with fit: true, judged on the copy', async () => {
    const who = await owner(hevcShort);
    const plain = await who.as.post(`/api/videos/${who.video.id}/posts`, {
      targets: [{ platform: 'x', caption: uniqueCaption('plain') }],
    });
    expect(plain.status).toBe(400);
    expect(plain.body.code).toBe('validation_failed');

    const at = new Date(Date.now() + 3_600_000).toISOString();
    const fitted = await who.as.post(`/api/videos/${who.video.id}/posts`, {
      targets: [{ platform: 'x', caption: uniqueCaption('fitted'), fit: true }],
      scheduledAt: at,
    });
    expect(fitted.status).toBe(201);
    const post = fitted.body.posts[0] as Post;
    const [copy] = await renditionsOf(who.as, who.video.id);
    expect(copy).toMatchObject({ platform: 'x' });
    expect(post.rendition).toMatchObject({ id: copy!.id });
  });

  it('a due post waits, scheduled and "rendering", while its copy is made, then publishes the copy', async () => {
    const who = await owner(hevcLong);
    const live = await openEvents(server, who.token);
    const caption = uniqueCaption('waits');
    const made = await who.as.post(`/api/videos/${who.video.id}/posts`, {
      targets: [{ platform: 'x', caption, fit: true }],
    });
    expect(made.status).toBe(201);
    const id = (made.body.posts[0] as Post).id;
    let waiting: Post | undefined;
    await waitUntil(async () => {
      waiting = await getPost(who.as, id);
      return waiting.progress.step === 'rendering';
    }, 'the post to wait for its copy');
    expect(waiting).toMatchObject({ status: 'scheduled', attempts: 0, error: { code: 'waiting_for_copy' } });
    expect(waiting!.error!.message).toMatch(/Waiting for its fitting copy for X/);
    // The render's progress reaches the post, and its live event, as it goes.
    await waitUntil(
      () =>
        live.events.some(
          (e) =>
            e.event === 'post' &&
            e.data.post.id === id &&
            e.data.post.rendition?.status === 'rendering' &&
            e.data.post.rendition.progress > 0,
        ),
      "the render's progress on the post's live event",
      60_000,
    );
    await live.close();

    const post = await ended(who.as, id);
    expect(post).toMatchObject({ status: 'published', attempts: 1, error: null });
    expect(post.rendition).toMatchObject({ status: 'ready', progress: 1 });
    const [sent] = (await control.published(sandboxEmulator(server))).items.filter((i) => i.caption === caption);
    const copyFile = await storedCopy(post.rendition!.id);
    expect(sent!.bytes).toBe(fs.statSync(copyFile).size);
    expect(sent!.sha256).toBe(sha256(copyFile));
    expect(sent!.sha256).not.toBe(sha256(path.join(server.ctx.config.mediaDir, who.video.filename)));
  });

  it("fails the post with rendition_failed and ffmpeg's reason when the copy cannot be made, and makes it again on retry", async () => {
    const who = await owner(hevcShort);
    // The stored file is damaged after it was read: what ffmpeg then meets is no video at all.
    const stored = path.join(server.ctx.config.mediaDir, who.video.filename);
    const original = fs.readFileSync(stored);
    fs.writeFileSync(stored, 'no longer a video');
    const made = await who.as.post(`/api/videos/${who.video.id}/posts`, {
      targets: [{ platform: 'x', caption: uniqueCaption('broken'), fit: true }],
    });
    expect(made.status).toBe(201);
    const post = await ended(who.as, (made.body.posts[0] as Post).id);
    expect(post.status).toBe('failed');
    expect(post.error!.code).toBe('rendition_failed');
    expect(post.error!.message).toMatch(
      /^The fitting copy for X \(Twitter\) could not be made.*ffmpeg could not make the copy: .*invalid data/i,
    );

    // Retried once the file is whole again: the copy is made again, and the post publishes it.
    fs.writeFileSync(stored, original);
    expect((await who.as.post(`/api/posts/${post.id}/retry`, {})).status).toBeLessThan(300);
    const again = await ended(who.as, post.id);
    expect(again).toMatchObject({ status: 'published', rendition: { status: 'ready' } });
  });

  it("takes a copy made for another platform when it keeps the target's rules, and refuses another person's (404)", async () => {
    const who = await owner(hevcShort);
    const reel = await who.as.post(`/api/videos/${who.video.id}/renditions`, {
      connectionId: who.ids.facebook,
      options: { kind: 'reel' },
      vertical: true,
    });
    expect(reel.status).toBe(202);
    const toX = await who.as.post(`/api/videos/${who.video.id}/posts`, {
      targets: [{ platform: 'x', renditionId: reel.body.rendition.id }],
    });
    // The same file whichever platform it goes to: a small vertical copy keeps X's rules too, so X takes it,
    // judged on the copy's facts (the HEVC original is refused by X).
    expect(toX.status, JSON.stringify(toX.body)).toBe(201);
    expect(toX.body.posts[0].rendition).toMatchObject({ id: reel.body.rendition.id });

    const other = await owner(hevcShort);
    const theirs = await other.as.post(`/api/videos/${other.video.id}/posts`, {
      targets: [{ platform: 'facebook', options: { kind: 'reel' }, renditionId: reel.body.rendition.id }],
    });
    expect(theirs.status).toBe(404);
  });

  it('publishes once when the copy ends while workers and the sweep race for the post', async () => {
    const { who, caption, copyId, id } = await postWaitingForCopy('once');
    // The copy ends, but no worker hears of it (its process died): the sweep and two runs race for the post.
    await server.ctx.db.updateTable('renditions').set({ status: 'ready' }).where('id', '=', copyId).execute();
    await Promise.all([runPublishJob(server.ctx, id), runPublishJob(server.ctx, id), sweepPosts(server.ctx)]);
    const post = await ended(who.as, id);
    expect(post.status).toBe('published');
    const sent = (await control.published(sandboxEmulator(server))).items.filter((i) => i.caption === caption);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.sha256).toBe(sha256(await storedCopy(copyId)));
  });

  it('fails a waiting post in words when its copy is deleted, and never sends the original instead', async () => {
    const { who, caption, copyId, id } = await postWaitingForCopy('deleted');
    expect((await who.as.delete(`/api/renditions/${copyId}`)).status).toBe(204);
    await sweepPosts(server.ctx);
    const post = await ended(who.as, id);
    expect(post).toMatchObject({ status: 'failed', rendition: null, error: { code: 'rendition_missing' } });
    expect(post.error!.message).toMatch(/was deleted, so it was not published/);
    expect((await control.published(sandboxEmulator(server))).items.filter((i) => i.caption === caption)).toEqual([]);
  });

  it('deletes a video whose post waits for its copy, the post and the copy with it', async () => {
    const { who, copyId, id } = await postWaitingForCopy('video gone');
    expect((await who.as.delete(`/api/videos/${who.video.id}`)).status).toBe(200);
    expect((await who.as.get(`/api/posts/${id}`)).status).toBe(404);
    const copies = await server.ctx.db.selectFrom('renditions').select('id').where('id', '=', copyId).execute();
    expect(copies).toEqual([]);
  });
});
