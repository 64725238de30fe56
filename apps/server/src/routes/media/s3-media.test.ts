import fs from 'node:fs';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Video } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import { createS3Client } from '../../storage/s3-storage';
import { api, createProject, registerUser } from '../../../test/factories';
import { mediaFixtures, storedFiles, uploadVideo } from '../../../test/fixtures';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

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
});
