import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Post, Rendition } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from '../../../test/clips';
import { ownerWithConnections, sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import type { ApiClient } from '../../../test/factories';
import { uploadVideo } from '../../../test/fixtures';
import { waitUntil } from '../../../test/jobs';
import { makeTempDir, startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { sweepPosts } from '../../services/publishing/publish-sweep';
import { uniqueCaption } from '../../services/publishing/publishing-test-support';

const HEVC = ['-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-x265-params', 'log-level=error'];

describe('PATCH /api/posts/:id changes the fitting copy a post sends', () => {
  let server: TestServer;
  let clipDir: string;
  let hevc: string;
  beforeAll(async () => {
    clipDir = makeTempDir('fanout-change-copy-');
    // X takes H.264 only: this clip is refused by X as it is and fits once transcoded.
    hevc = makeClip(path.join(clipDir, 'short.mp4'), '640x360', 2, HEVC);
    server = await startTestServer();
  }, 180_000);
  afterAll(async () => {
    await stopTestServer(server);
    fs.rmSync(clipDir, { recursive: true, force: true });
  });

  const getPost = async (as: ApiClient, id: number) => (await as.get(`/api/posts/${id}`)).body.post as Post;
  const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  const storedCopy = async (id: number) => {
    const row = await server.ctx.db.selectFrom('renditions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return path.join(server.ctx.config.mediaDir, row.storage_key!);
  };
  const setCopy = (id: number, status: Rendition['status']) =>
    server.ctx.db.updateTable('renditions').set({ status }).where('id', '=', id).execute();

  it('sets fit on a post whose video X refuses as it is: accepted, it waits "rendering", then publishes the copy', async () => {
    const who = await ownerWithConnections(server, ['x', 'facebook']);
    const uploaded = await uploadVideo(server, who.token, { file: hevc, projectId: who.projectId, title: 'Harbour' });
    const videoId = uploaded.body.video.id as number;
    // X's default copy, made once, then set back to `rendering` by hand: the render is still under way when the
    // post is due, with no render running to end it before the test looks.
    const xCopy = (await who.as.post(`/api/videos/${videoId}/renditions`, { connectionId: who.ids.x })).body
      .rendition as Rendition;
    await waitUntil(
      async () =>
        ((await who.as.get(`/api/videos/${videoId}/renditions`)).body.renditions as Rendition[]).some(
          (r) => r.id === xCopy.id && r.status === 'ready',
        ),
      'the copy for X to be made',
      60_000,
    );
    await setCopy(xCopy.id, 'rendering');
    // A vertical copy made for a Facebook Reel keeps X's rules too: the post first sends that one.
    const reel = await who.as.post(`/api/videos/${videoId}/renditions`, {
      connectionId: who.ids.facebook,
      options: { kind: 'reel' },
      vertical: true,
    });
    const caption = uniqueCaption('refit');
    const made = await who.as.post(`/api/videos/${videoId}/posts`, {
      targets: [{ platform: 'x', caption, renditionId: reel.body.rendition.id }],
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = (made.body.posts[0] as Post).id;

    // Judged on the copy it sends: a new caption is taken; the video as uploaded is refused by X's rules.
    const recaptioned = await who.as.patch(`/api/posts/${id}`, { caption: `${caption} (new)` });
    expect(recaptioned.status, JSON.stringify(recaptioned.body)).toBe(200);
    const plain = await who.as.patch(`/api/posts/${id}`, { fit: false });
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({ code: 'validation_failed', violations: [{ field: 'video' }] });
    const both = await who.as.patch(`/api/posts/${id}`, { fit: true, renditionId: xCopy.id });
    expect(both.body.code).toBe('rendition_and_fit');

    const fitted = await who.as.patch(`/api/posts/${id}`, { fit: true, scheduledAt: new Date().toISOString() });
    expect(fitted.status, JSON.stringify(fitted.body)).toBe(200);
    expect(fitted.body.post.rendition).toMatchObject({ id: xCopy.id });
    let waiting: Post | undefined;
    await waitUntil(
      async () => (waiting = await getPost(who.as, id)).progress.step === 'rendering',
      'the post to wait for its copy',
    );
    expect(waiting).toMatchObject({ status: 'scheduled', attempts: 0, error: { code: 'waiting_for_copy' } });

    await setCopy(xCopy.id, 'ready');
    await sweepPosts(server.ctx);
    let post: Post | undefined;
    await waitUntil(
      async () => ['published', 'failed'].includes((post = await getPost(who.as, id)).status),
      `post ${id} to end`,
      60_000,
    );
    expect(post).toMatchObject({ status: 'published', caption: `${caption} (new)`, rendition: { id: xCopy.id } });
    const sent = (await control.published(sandboxEmulator(server))).items.filter(
      (i) => i.caption === `${caption} (new)`,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.sha256).toBe(sha256(await storedCopy(xCopy.id)));
  });
  it('still changes a post whose copy failed, judged on the copy; the copy is not asked for again', async () => {
    const who = await ownerWithConnections(server, ['x']);
    const uploaded = await uploadVideo(server, who.token, { file: hevc, projectId: who.projectId, title: 'Quay' });
    const made = await who.as.post(`/api/videos/${uploaded.body.video.id}/posts`, {
      targets: [{ platform: 'x', caption: uniqueCaption('failed copy'), fit: true }],
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const post = made.body.posts[0] as Post;
    await setCopy(post.rendition!.id, 'failed');
    const moved = await who.as.patch(`/api/posts/${post.id}`, {
      scheduledAt: new Date(Date.now() + 7_200_000).toISOString(),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.post.rendition).toMatchObject({ id: post.rendition!.id });
  });
});
