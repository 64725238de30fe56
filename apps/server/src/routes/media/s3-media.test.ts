import fs from 'node:fs';
import {
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { Video } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import {
  postToX,
  publishedWith,
  publisher,
  settled,
  uniqueCaption,
  uploadedVideo,
} from '../../services/publishing/publishing-test-support';
import { sweepStaleUploads } from '../../services/upload.service';
import { createS3Client } from '../../storage/s3-storage';
import { api, createProject, registerUser } from '../../../test/factories';
import { mediaFixtures, storedFiles, uploadVideo } from '../../../test/fixtures';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

const HOUR = 60 * 60_000;

/** A video's whole life with STORAGE=s3: uploaded into the bucket, served from it by range, deleted from it. */
describe('media on S3 storage', () => {
  let s3: TestS3Server;
  let server: TestServer;
  const bucket = `uploads-${process.pid}`;
  let client: ReturnType<typeof createS3Client>;

  beforeAll(async () => {
    s3 = await startS3Server();
    server = await startTestServer(s3.env(bucket));
    const config = loadConfig({ DATA_DIR: server.dataDir, ...s3.env(bucket) });
    if (config.storage.kind !== 's3') throw new Error('STORAGE=s3 expected');
    client = createS3Client(config.storage);
  });
  afterAll(async () => {
    client?.destroy();
    await stopTestServer(server);
    await s3?.close();
  });

  const objectKeys = async () =>
    ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key);

  it('stores an upload in the bucket, serves a range of it, and deletes it from the bucket', async () => {
    const fx = mediaFixtures();
    const original = fs.readFileSync(fx.video);
    const user = await registerUser(server);
    const project = await createProject(server, user.token);

    const upload = await uploadVideo(server, user.token, { file: fx.video, projectId: project.id });
    expect(upload.status).toBe(201);
    const video: Video = upload.body.video;
    const thumbnail = video.thumbnail!.split('/').pop()!;
    expect((await objectKeys()).sort()).toEqual([video.filename, thumbnail].sort());
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: video.filename }));
    expect(head.ContentLength).toBe(original.length);
    // Nothing of it stays on the server's disk.
    expect(storedFiles(server).filter((f) => f.startsWith('media/') || f.startsWith('tmp/'))).toEqual([]);

    const range = await fetch(`${server.url}/uploads/${video.filename}`, { headers: { range: 'bytes=100-1123' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-1123/${original.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(original.subarray(100, 1124))).toBe(true);
    const thumb = await fetch(`${server.url}${video.thumbnail}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    await thumb.arrayBuffer();

    const deleted = await api(server, user.token).delete(`/api/videos/${video.id}`);
    expect(deleted.status).toBe(200);
    expect(await objectKeys()).toEqual([]);
    const gone = await fetch(`${server.url}/uploads/${video.filename}`);
    expect(gone.status).toBe(404);
    await gone.arrayBuffer();
  });

  it('sweeps objects no video refers to and interrupted multipart puts from the bucket, and keeps the videos', async () => {
    const fx = mediaFixtures();
    const user = await registerUser(server);
    const project = await createProject(server, user.token);
    const video: Video = (await uploadVideo(server, user.token, { file: fx.video, projectId: project.id })).body.video;
    const orphan = `${'d'.repeat(32)}.mp4`;
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: orphan, Body: 'left by a crash' }));
    const half = `${'e'.repeat(32)}.mp4`;
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: half }));
    await client.send(new UploadPartCommand({ Bucket: bucket, Key: half, UploadId, PartNumber: 1, Body: 'half' }));
    const openUploads = async () =>
      (await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }))).Uploads ?? [];
    expect(await openUploads()).toHaveLength(1);

    // As the hourly sweep would find them two hours from now.
    expect(await sweepStaleUploads(server.ctx, Date.now() + 2 * HOUR)).toBeGreaterThanOrEqual(2);
    expect(await openUploads()).toHaveLength(0);
    const kept = await objectKeys();
    expect(kept).not.toContain(orphan);
    expect(kept).toContain(video.filename);
    const res = await fetch(`${server.url}/uploads/${video.filename}`, { headers: { range: 'bytes=0-9' } });
    expect(res.status).toBe(206);
    await res.arrayBuffer();
  });

  it('publishes a video stored in the bucket: the platform adapter reads it from storage', async () => {
    const who = await publisher(server);
    const videoId = await uploadedVideo(server, who, 'From the bucket');
    const caption = uniqueCaption('From the bucket');
    const post = await postToX(who, videoId, caption);
    expect((await settled(who, post.id)).status).toBe('published');
    expect(await publishedWith(server, caption)).toHaveLength(1);
    expect(fs.readdirSync(server.ctx.config.mediaDir)).toEqual([]);
  });
});
