import fs from 'node:fs';
import path from 'node:path';
import type { PlatformKey, Rendition } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from '../../../test/clips';
import { ownerWithConnections } from '../../../test/connections';
import { authHeaders, type ApiClient } from '../../../test/factories';
import { uploadVideo } from '../../../test/fixtures';
import { waitUntil } from '../../../test/jobs';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { makeTempDir, startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { sweepStaleUploads } from '../../services/upload.service';

/** 3 s, 640×360, 30 fps, H.264 + AAC, index first, a few tens of KB: a Facebook Reel needs it padded to 9:16 and re-encoded. */
let clip: string;
let clipDir: string;
beforeAll(() => {
  clipDir = makeTempDir('fanout-renditions-clip-');
  // Index first: a video X takes as it is (one with its index at the end would need a re-wrap).
  clip = makeClip(path.join(clipDir, 'landscape.mp4'), '640x360', 3, undefined, ['-movflags', '+faststart']);
});
afterAll(() => fs.rmSync(clipDir, { recursive: true, force: true }));

async function ownerWith(server: TestServer, platforms: PlatformKey[]) {
  const owner = await ownerWithConnections(server, platforms);
  const uploaded = await uploadVideo(server, owner.token, { file: clip, projectId: owner.projectId });
  expect(uploaded.status).toBe(201);
  return { ...owner, videoId: uploaded.body.video.id as number };
}

const REEL = { options: { kind: 'reel' } };
const renditionsOf = async (as: ApiClient, videoId: number) =>
  (await as.get(`/api/videos/${videoId}/renditions`)).body.renditions as Rendition[];

async function untilSettled(as: ApiClient, videoId: number, id: number): Promise<Rendition> {
  let found: Rendition | undefined;
  await waitUntil(async () => {
    found = (await renditionsOf(as, videoId)).find((r) => r.id === id);
    return found?.status === 'ready' || found?.status === 'failed';
  }, `rendition ${id} to be rendered`);
  return found!;
}

const usedStorage = async (as: ApiClient) => (await as.get('/api/used-storage')).body.used_storage as number;

describe('fitting copies (renditions)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('renders a Facebook Reel copy on the workers, answers the same settings with the same copy, and serves it', async () => {
    const owner = await ownerWith(server, ['facebook']);
    const before = await usedStorage(owner.as);
    const asked = await owner.as.post(`/api/videos/${owner.videoId}/renditions`, {
      connectionId: owner.ids.facebook,
      ...REEL,
    });
    expect(asked.status).toBe(202);
    expect(asked.body.rendition).toMatchObject({ videoId: owner.videoId, platform: 'facebook', url: null });
    expect(asked.body.rendition.steps.map((s: { kind: string }) => s.kind)).toEqual(['pad', 'transcode']);
    const again = await owner.as.post(`/api/videos/${owner.videoId}/renditions`, {
      connectionId: owner.ids.facebook,
      ...REEL,
    });
    expect(again.status).toBe(200);
    expect(again.body.rendition.id).toBe(asked.body.rendition.id);

    const ready = await untilSettled(owner.as, owner.videoId, asked.body.rendition.id);
    expect(ready).toMatchObject({ status: 'ready', progress: 1, error: null, width: 360, height: 640, fps: 30 });
    expect(ready.durationMs).toBeGreaterThan(2900);
    expect(ready.durationMs).toBeLessThan(3100);
    expect(await renditionsOf(owner.as, owner.videoId)).toHaveLength(1);
    // The copy's real size counts against the quota once it is ready.
    expect(await usedStorage(owner.as)).toBe(before + ready.sizeBytes!);

    const partial = await fetch(`${server.url}${ready.url}`, { headers: { range: 'bytes=0-99' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe(`bytes 0-99/${ready.sizeBytes}`);
    const file = await fetch(`${server.url}/api/renditions/${ready.id}/file`, { headers: authHeaders(owner.token) });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect((await file.arrayBuffer()).byteLength).toBe(ready.sizeBytes);
  });

  it('keeps a ready copy through the sweep of unreferenced files, and removes it with its video', async () => {
    const owner = await ownerWith(server, ['facebook']);
    const asked = await owner.as.post(`/api/videos/${owner.videoId}/renditions`, {
      connectionId: owner.ids.facebook,
      ...REEL,
    });
    const ready = await untilSettled(owner.as, owner.videoId, asked.body.rendition.id);
    const key = ready.url!.split('/').pop()!;
    // A sweep run as if every file were old enough: the copy is referenced, so it stays.
    await sweepStaleUploads(server.ctx, Date.now() + 2 * 60 * 60_000);
    expect(await server.ctx.storage.stat(key)).not.toBeNull();

    expect((await owner.as.delete(`/api/videos/${owner.videoId}`)).status).toBe(200);
    expect(await server.ctx.storage.stat(key)).toBeNull();
    expect(await server.ctx.db.selectFrom('renditions').select('id').where('id', '=', ready.id).execute()).toEqual([]);
  });

  it('deletes a copy: its file goes and the quota it took is free again', async () => {
    const owner = await ownerWith(server, ['facebook']);
    const before = await usedStorage(owner.as);
    const asked = await owner.as.post(`/api/videos/${owner.videoId}/renditions`, {
      connectionId: owner.ids.facebook,
      ...REEL,
    });
    const ready = await untilSettled(owner.as, owner.videoId, asked.body.rendition.id);
    const key = ready.url!.split('/').pop()!;
    expect((await owner.as.delete(`/api/renditions/${ready.id}`)).status).toBe(204);
    expect(await server.ctx.storage.stat(key)).toBeNull();
    expect(await usedStorage(owner.as)).toBe(before);
    expect(await renditionsOf(owner.as, owner.videoId)).toEqual([]);
    expect((await owner.as.delete(`/api/renditions/${ready.id}`)).status).toBe(404);
  });

  it('answers 409 video_already_fits for a target the video fits, and 400 for settings out of range', async () => {
    const owner = await ownerWith(server, ['x']);
    const fits = await owner.as.post(`/api/videos/${owner.videoId}/renditions`, { connectionId: owner.ids.x });
    expect(fits.status).toBe(409);
    expect(fits.body.code).toBe('video_already_fits');
    expect(fits.body.error).toMatch(/already fits X/);
    for (const bad of [{ cropX: -1 }, { aspect: 'stretch' }, { trim: { startMs: 2, endMs: 1 } }, { other: 1 }])
      expect(
        await owner.as.post(`/api/videos/${owner.videoId}/renditions`, { connectionId: owner.ids.x, ...bad }),
      ).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await renditionsOf(owner.as, owner.videoId)).toEqual([]);
  });

  it("answers 404 for another account's video and copy, whatever the route", async () => {
    const owner = await ownerWith(server, ['facebook']);
    const stranger = await ownerWith(server, ['facebook']);
    const asked = await owner.as.post(`/api/videos/${owner.videoId}/renditions`, {
      connectionId: owner.ids.facebook,
      ...REEL,
    });
    const id = asked.body.rendition.id as number;
    await untilSettled(owner.as, owner.videoId, id);
    const notFound = { status: 404, body: { code: 'not_found' } };
    expect(
      await stranger.as.post(`/api/videos/${owner.videoId}/renditions`, {
        connectionId: stranger.ids.facebook,
        ...REEL,
      }),
    ).toMatchObject(notFound);
    expect(
      await owner.as.post(`/api/videos/${owner.videoId}/renditions`, { connectionId: stranger.ids.facebook, ...REEL }),
    ).toMatchObject(notFound);
    expect(await stranger.as.get(`/api/videos/${owner.videoId}/renditions`)).toMatchObject(notFound);
    expect(await stranger.as.get(`/api/renditions/${id}/file`)).toMatchObject(notFound);
    expect(await stranger.as.delete(`/api/renditions/${id}`)).toMatchObject(notFound);
    expect(await renditionsOf(owner.as, owner.videoId)).toHaveLength(1);
  });
});

describe('fitting copies and the storage quota', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Room for the clip and its thumbnail, not for a copy expected to weigh a few hundred KB more.
    server = await startTestServer({ STORAGE_QUOTA_BYTES: String(fs.statSync(clip).size + 150_000) });
  });
  afterAll(() => stopTestServer(server));

  it('refuses a copy whose expected size does not fit the storage left, before anything is queued', async () => {
    const owner = await ownerWith(server, ['facebook']);
    const asked = await owner.as.post(`/api/videos/${owner.videoId}/renditions`, {
      connectionId: owner.ids.facebook,
      ...REEL,
    });
    expect(asked.status).toBe(413);
    expect(asked.body.code).toBe('quota_exceeded');
    expect(asked.body.error).toMatch(/does not fit in your storage/);
    expect(await renditionsOf(owner.as, owner.videoId)).toEqual([]);
  });
});

describe('fitting copies on an object store', () => {
  let s3: TestS3Server;
  let server: TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
    server = await startTestServer(s3.env(`renditions-${process.pid}`));
  });
  afterAll(async () => {
    await stopTestServer(server);
    await s3.close();
  });

  it('renders from the bucket and stores the copy there, served at its url', async () => {
    const owner = await ownerWith(server, ['facebook']);
    const asked = await owner.as.post(`/api/videos/${owner.videoId}/renditions`, {
      connectionId: owner.ids.facebook,
      ...REEL,
    });
    const ready = await untilSettled(owner.as, owner.videoId, asked.body.rendition.id);
    expect(ready).toMatchObject({ status: 'ready', width: 360, height: 640 });
    const key = ready.url!.split('/').pop()!;
    expect((await server.ctx.storage.stat(key))?.size).toBe(ready.sizeBytes);
    expect(fs.existsSync(path.join(server.ctx.config.mediaDir, key))).toBe(false);
    const served = await fetch(`${server.url}${ready.url}`);
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBe(ready.sizeBytes);
  });
});
