import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Video } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveBinaries } from '../../media/binaries';
import {
  api,
  authHeaders,
  createProject,
  registerUser,
  type ApiResponse,
  type RegisteredUser,
} from '../../../test/factories';
import { mediaFixtures, uploadVideo, type MediaFixtures } from '../../../test/fixtures';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { makeTempDir } from '../../../test/temp-dir';
import { sweepStaleUploads } from '../../services/upload.service';

describe('a video’s cover: PUT/DELETE /api/videos/:id/cover', () => {
  let server: TestServer;
  let fx: MediaFixtures;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let projectId: number;
  let png: Buffer;
  let jpeg: Buffer;

  const upload = async (): Promise<Video> => {
    const res = await uploadVideo(server, owner.token, { file: fx.video, projectId, title: 'Covered' });
    if (res.status !== 201) throw new Error(`upload failed: ${res.status}`);
    return res.body.video;
  };
  const stored = (url: string | null | undefined) => (url ?? '').replace('/uploads/', '');
  const onDisk = (name: string) => fs.existsSync(path.join(server.ctx.config.mediaDir, name));
  const mediaFiles = () => fs.readdirSync(server.ctx.config.mediaDir).sort();
  const used = async () => (await api(server, owner.token).get('/api/used-storage')).body.used_storage as number;
  /** Sends `body` as it is, with this Content-Type. */
  const putImage = async (id: number, body: Uint8Array | FormData, type?: string, token = owner.token) => {
    const headers: Record<string, string> = { ...authHeaders(token), ...(type ? { 'content-type': type } : {}) };
    const res = await fetch(`${server.url}/api/videos/${id}/cover/image`, { method: 'PUT', headers, body });
    return { status: res.status, body: (await res.json()) as ApiResponse['body'] };
  };

  beforeAll(async () => {
    fx = mediaFixtures();
    server = await startTestServer();
    owner = await registerUser(server);
    stranger = await registerUser(server);
    projectId = (await createProject(server, owner.token)).id;
    png = fs.readFileSync(fx.still);
    const jpegFile = path.join(makeTempDir(), 'cover.jpg');
    execFileSync(resolveBinaries({}).ffmpeg, ['-v', 'error', '-y', '-i', fx.still, '-s', '640x360', jpegFile]);
    jpeg = fs.readFileSync(jpegFile);
  });
  afterAll(() => stopTestServer(server));

  it('makes a frame the cover, with a still of it that is served and counted, and refuses frames past the end', async () => {
    const video = await upload();
    expect(video.cover).toBeNull();
    const before = await used();
    const res = await api(server, owner.token).put(`/api/videos/${video.id}/cover`, { frameMs: 1500 });
    expect(res.status).toBe(200);
    expect(res.body.video.cover).toMatchObject({ kind: 'frame', frameMs: 1500, url: expect.stringMatching(/\.jpg$/) });
    const still = await fetch(`${server.url}${res.body.video.cover.url}`);
    expect(still.status).toBe(200);
    expect(still.headers.get('content-type')).toBe('image/jpeg');
    const stillBytes = (await still.arrayBuffer()).byteLength;
    expect(await used()).toBe(before + stillBytes);
    expect((await api(server, owner.token).get(`/api/videos/${video.id}`)).body.video.cover).toEqual(
      res.body.video.cover,
    );

    // The video lasts 3 s: 3000 ms is its end, not a frame of it.
    expect(await api(server, owner.token).put(`/api/videos/${video.id}/cover`, { frameMs: 3000 })).toMatchObject({
      status: 400,
      body: { code: 'frame_out_of_range', error: expect.stringContaining('from 0 to 2999 ms') },
    });
    for (const bad of [{ frameMs: -1 }, { frameMs: 1.5 }, {}, { frameMs: 10, other: 1 }])
      expect((await api(server, owner.token).put(`/api/videos/${video.id}/cover`, bad)).body.code).toBe(
        'validation_failed',
      );
    expect((await api(server, owner.token).get(`/api/videos/${video.id}`)).body.video.cover.frameMs).toBe(1500);
  });

  it('takes a JPEG or PNG by its bytes, raw or in a form, replacing the cover and its file', async () => {
    const video = await upload();
    const frame = await api(server, owner.token).put(`/api/videos/${video.id}/cover`, { frameMs: 0 });
    const stillName = stored(frame.body.video.cover.url);
    expect(onDisk(stillName)).toBe(true);

    // A PNG sent as application/octet-stream: recognised by its signature, sized from its header.
    const asPng = await putImage(video.id, png, 'application/octet-stream');
    expect(asPng.status).toBe(200);
    expect(asPng.body.video.cover).toMatchObject({ kind: 'image', width: 320, height: 240, mimeType: 'image/png' });
    expect(onDisk(stillName)).toBe(false);
    const served = await fetch(`${server.url}${asPng.body.video.cover.url}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    // A JPEG in a form, under a name and a type that say PNG: the bytes decide.
    const form = new FormData();
    form.append('cover', new Blob([jpeg], { type: 'image/png' }), 'picture.png');
    const asJpeg = await putImage(video.id, form);
    expect(asJpeg.status).toBe(200);
    expect(asJpeg.body.video.cover).toMatchObject({ kind: 'image', width: 640, height: 360, mimeType: 'image/jpeg' });
    expect(asJpeg.body.video.cover.url).toMatch(/\.jpg$/);
    expect(onDisk(stored(asPng.body.video.cover.url))).toBe(false);
    expect(onDisk(stored(asJpeg.body.video.cover.url))).toBe(true);
  });

  it('refuses what is not a JPEG or PNG (400) and images over 2 MB (413) in words, storing nothing', async () => {
    const video = await upload();
    const files = mediaFiles();
    const text = await putImage(video.id, Buffer.from('not an image at all'), 'image/png');
    expect(text).toMatchObject({
      status: 400,
      body: { code: 'not_an_image', error: expect.stringMatching(/JPEG or PNG/) },
    });
    const gif = await putImage(video.id, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/jpeg');
    expect(gif.body.code).toBe('not_an_image');
    // A real PNG header with padding past YouTube's 2 MB.
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await putImage(video.id, big, 'image/png');
    expect(tooBig).toMatchObject({
      status: 413,
      body: { code: 'cover_too_large', error: expect.stringMatching(/2 MB/) },
    });
    expect((await putImage(video.id, new Uint8Array(0), 'image/png')).status).toBe(400);
    expect(await putImage(video.id, png, 'text/plain')).toMatchObject({ status: 415 });
    expect(mediaFiles()).toEqual(files);
    expect((await api(server, owner.token).get(`/api/videos/${video.id}`)).body.video.cover).toBeNull();
  });

  it('refuses a cover that does not fit the storage left (413 quota_exceeded), storing nothing', async () => {
    const video = await upload();
    const config = server.ctx.config as { storageQuotaBytes: number };
    const quota = config.storageQuotaBytes;
    config.storageQuotaBytes = (await used()) + png.length - 1;
    try {
      const files = mediaFiles();
      expect(await putImage(video.id, png, 'image/png')).toMatchObject({
        status: 413,
        body: { code: 'quota_exceeded' },
      });
      expect(mediaFiles()).toEqual(files);
      expect((await api(server, owner.token).get(`/api/videos/${video.id}`)).body.video.cover).toBeNull();
    } finally {
      config.storageQuotaBytes = quota;
    }
  });

  it('removes the cover and its file, and the video’s delete removes its cover file too', async () => {
    const video = await upload();
    const before = await used();
    const set = await putImage(video.id, jpeg, 'image/jpeg');
    const name = stored(set.body.video.cover.url);
    expect(await used()).toBe(before + jpeg.length);
    const removed = await api(server, owner.token).delete(`/api/videos/${video.id}/cover`);
    expect(removed.status).toBe(200);
    expect(removed.body.video.cover).toBeNull();
    expect(onDisk(name)).toBe(false);
    expect(await used()).toBe(before);

    const again = await putImage(video.id, png, 'image/png');
    const second = stored(again.body.video.cover.url);
    expect(onDisk(second)).toBe(true);
    expect((await api(server, owner.token).delete(`/api/videos/${video.id}`)).status).toBe(200);
    expect(onDisk(second)).toBe(false);
  });

  it('keeps cover files through the sweep of files no video refers to', async () => {
    const framed = await upload();
    const imaged = await upload();
    const still = await api(server, owner.token).put(`/api/videos/${framed.id}/cover`, { frameMs: 500 });
    const image = await putImage(imaged.id, png, 'image/png');
    // Two hours on, every stored file counts as old enough to sweep.
    await sweepStaleUploads(server.ctx, Date.now() + 2 * 60 * 60_000);
    expect(onDisk(stored(still.body.video.cover.url))).toBe(true);
    expect(onDisk(stored(image.body.video.cover.url))).toBe(true);
    const served = await fetch(`${server.url}${image.body.video.cover.url}`);
    expect(served.status).toBe(200);
    await served.arrayBuffer();
  });

  it('answers 404 to another user for each cover call and leaves the owner’s cover as it was', async () => {
    const video = await upload();
    const set = await putImage(video.id, png, 'image/png');
    const other = api(server, stranger.token);
    const notFound = { error: 'Video not found', code: 'not_found' };
    for (const res of [
      await other.put(`/api/videos/${video.id}/cover`, { frameMs: 0 }),
      await putImage(video.id, jpeg, 'image/jpeg', stranger.token),
      await other.delete(`/api/videos/${video.id}/cover`),
    ])
      expect(res).toMatchObject({ status: 404, body: notFound });
    expect((await api(server, owner.token).get(`/api/videos/${video.id}`)).body.video.cover).toEqual(
      set.body.video.cover,
    );
    expect(onDisk(stored(set.body.video.cover.url))).toBe(true);
  });
});
