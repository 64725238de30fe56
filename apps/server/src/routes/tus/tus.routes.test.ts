import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, createProject, registerUser, type RegisteredUser } from '../../../test/factories';
import { mediaFixtures, uploadVideo, type MediaFixtures } from '../../../test/fixtures';
import { uploadsInProgress } from '../../http/upload-guards';
import { sweepExpiredTusUploads, TUS_EXPIRY_MS } from '../../services/uploads/tus-server';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

const MiB = 1024 * 1024;

/** Upload-Metadata: comma-separated `key base64(value)` pairs. */
function metadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
}

interface TusClient {
  create(length: number, meta: Record<string, string>): Promise<Response>;
  head(location: string): Promise<Response>;
  patch(location: string, offset: number, bytes: Buffer): Promise<Response>;
  delete(location: string): Promise<Response>;
}

function tusClient(server: TestServer, token?: string): TusClient {
  const base = { 'tus-resumable': '1.0.0', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return {
    create: (length, meta) =>
      fetch(`${server.url}/api/tus`, {
        method: 'POST',
        headers: { ...base, 'upload-length': String(length), 'upload-metadata': metadata(meta) },
      }),
    head: (location) => fetch(`${server.url}${location}`, { method: 'HEAD', headers: base }),
    patch: (location, offset, bytes) =>
      fetch(`${server.url}${location}`, {
        method: 'PATCH',
        headers: { ...base, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: bytes,
      }),
    delete: (location) => fetch(`${server.url}${location}`, { method: 'DELETE', headers: base }),
  };
}

/** A JSON answer, read loosely: what matters is asserted field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (res: Response): Promise<any> => res.json();

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Files under a directory, recursively, as paths relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((p) => fs.statSync(path.join(dir, p)).isFile());
}

/** The whole file through tus-js-client (Node), as the web app sends it; resolves with the last answer. */
function uploadWithClient(server: TestServer, token: string, file: Buffer, meta: Record<string, string>) {
  return new Promise<{ status: number; body: string; videoId: string | undefined }>((resolve, reject) => {
    const upload = new tus.Upload(file, {
      endpoint: `${server.url}/api/tus`,
      headers: { authorization: `Bearer ${token}` },
      metadata: meta,
      chunkSize: 64 * 1024,
      retryDelays: null,
      onSuccess: ({ lastResponse }) =>
        resolve({
          status: lastResponse.getStatus(),
          body: lastResponse.getBody(),
          videoId: lastResponse.getHeader('Fanout-Video-Id'),
        }),
      onError: reject,
    });
    upload.start();
  });
}

describe('resumable uploads at /api/tus', () => {
  let server: TestServer;
  let fx: MediaFixtures;
  let owner: RegisteredUser;
  let projectId: number;
  const tmpTus = () => path.join(server.dataDir, 'tmp', 'tus');

  beforeAll(async () => {
    fx = mediaFixtures();
    server = await startTestServer({
      STORAGE_QUOTA_BYTES: String(40 * MiB),
      UPLOAD_MAX_BYTES: String(30 * MiB),
      UPLOAD_MAX_CONCURRENT_PER_USER: '1',
    });
    owner = await registerUser(server);
    projectId = (await createProject(server, owner.token)).id;
  });
  afterAll(() => stopTestServer(server));

  it('turns a finished upload into a video exactly as POST /api/upload does, in the library list', async () => {
    const bytes = fs.readFileSync(fx.video);
    const result = await uploadWithClient(server, owner.token, bytes, {
      filename: 'video.mp4',
      filetype: 'video/mp4',
      project_id: String(projectId),
      title: 'Launch teaser',
    });
    expect(result.status).toBe(200);
    const { video } = JSON.parse(result.body);
    expect(result.videoId).toBe(String(video.id));

    const posted = (await uploadVideo(server, owner.token, { file: fx.video, projectId, title: 'Launch teaser' })).body
      .video;
    const differs = ['id', 'filename', 'thumbnail', 'uploadDate', 'url'];
    const same = (v: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(v).filter(([k]) => !differs.includes(k)));
    expect(Object.keys(video).sort()).toEqual(Object.keys(posted).sort());
    expect(same(video)).toEqual(same(posted));
    expect(video.filename).toMatch(/^[0-9a-f]{32}\.mp4$/);

    const list = await api(server, owner.token).get(`/api/videos?project_id=${projectId}`);
    expect(list.body.find((v: { id: number }) => v.id === video.id)).toEqual(video);
    const media = await fetch(`${server.url}/uploads/${video.filename}`);
    expect(sha256(new Uint8Array(await media.arrayBuffer()))).toBe(sha256(bytes));
    expect(filesUnder(tmpTus())).toEqual([]);
  });

  it('answers a client that lost the last answer with the same video, never a second one', async () => {
    const client = tusClient(server, owner.token);
    const bytes = fs.readFileSync(fx.videoMov);
    const created = await client.create(bytes.length, { filename: 'clip.mov', project_id: String(projectId) });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/tus\/[0-9a-f]{32}$/);

    const half = Math.floor(bytes.length / 2);
    const first = await client.patch(location, 0, bytes.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    const last = await client.patch(location, half, bytes.subarray(half));
    expect(last.status).toBe(200);
    const { video } = await json(last);
    expect(video).toMatchObject({ title: 'clip', originalName: 'clip.mov', mimeType: 'video/quicktime' });

    const head = await client.head(location);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(bytes.length));
    expect(head.headers.get('upload-length')).toBe(String(bytes.length));
    expect(head.headers.get('fanout-video-id')).toBe(String(video.id));
    const again = await client.patch(location, bytes.length, Buffer.alloc(0));
    expect(again.status).toBe(200);
    expect((await json(again)).video).toEqual(video);

    const list = await api(server, owner.token).get(`/api/videos?project_id=${projectId}`);
    expect(list.body.filter((v: { originalName: string }) => v.originalName === 'clip.mov')).toHaveLength(1);
  });

  it('asks for a sign-in on every tus request', async () => {
    const anonymous = tusClient(server);
    const created = await tusClient(server, owner.token).create(10, { project_id: String(projectId) });
    const location = created.headers.get('location')!;
    const answers = [
      await anonymous.create(10, { project_id: String(projectId) }),
      await anonymous.head(location),
      await anonymous.patch(location, 0, Buffer.alloc(10)),
      await anonymous.delete(location),
      await fetch(`${server.url}/api/tus`, { method: 'OPTIONS' }),
    ];
    for (const res of answers) expect(res.status).toBe(401);
    for (const res of [answers[0]!, answers[2]!, answers[3]!, answers[4]!]) {
      expect((await json(res)).code).toBe('unauthorized');
    }
  });

  it("answers 404 for someone else's upload and refuses uploads into someone else's project", async () => {
    const created = await tusClient(server, owner.token).create(10, { project_id: String(projectId) });
    const location = created.headers.get('location')!;
    const stranger = await registerUser(server);
    const other = tusClient(server, stranger.token);
    expect((await other.head(location)).status).toBe(404);
    const patch = await other.patch(location, 0, Buffer.alloc(10));
    expect(patch.status).toBe(404);
    expect(await json(patch)).toMatchObject({ code: 'not_found' });
    expect((await other.delete(location)).status).toBe(404);
    // The owner's upload is untouched.
    expect((await tusClient(server, owner.token).head(location)).headers.get('upload-offset')).toBe('0');

    const into = await other.create(10, { project_id: String(projectId) });
    expect(into.status).toBe(404);
    expect((await json(into)).code).toBe('not_found');
    const noProject = await other.create(10, { filename: 'a.mp4' });
    expect(noProject.status).toBe(400);
    expect((await json(noProject)).code).toBe('validation_failed');
    const deferred = await fetch(`${server.url}/api/tus`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        authorization: `Bearer ${stranger.token}`,
        'upload-defer-length': '1',
        'upload-metadata': metadata({ project_id: String(projectId) }),
      },
    });
    expect(deferred.status).toBe(400);
    expect((await json(deferred)).code).toBe('length_required');
  });

  it('refuses at creation, before any byte, a file over the size limit or over the quota with the unfinished ones', async () => {
    const user = await registerUser(server);
    const project = (await createProject(server, user.token)).id;
    const client = tusClient(server, user.token);
    const tooLarge = await client.create(30 * MiB + 1, { project_id: String(project) });
    expect(tooLarge.status).toBe(413);
    expect((await json(tooLarge)).code).toBe('file_too_large');

    const first = await client.create(25 * MiB, { project_id: String(project) });
    expect(first.status).toBe(201);
    // 25 MiB promised by the unfinished upload + 20 MiB > the 40 MiB quota.
    const second = await client.create(20 * MiB, { project_id: String(project) });
    expect(second.status).toBe(413);
    expect(await json(second)).toMatchObject({ code: 'quota_exceeded' });

    // Cancelling the first frees its room.
    expect((await client.delete(first.headers.get('location')!)).status).toBe(204);
    expect((await client.head(first.headers.get('location')!)).status).toBe(404);
    expect((await client.create(20 * MiB, { project_id: String(project) })).status).toBe(201);
  });

  it('refuses a file that is not a video with 422 and keeps nothing of it', async () => {
    const mediaBefore = filesUnder(path.join(server.dataDir, 'media'));
    const client = tusClient(server, owner.token);
    const bytes = fs.readFileSync(fx.textAsMp4);
    const created = await client.create(bytes.length, { filename: 'notes.mp4', project_id: String(projectId) });
    const location = created.headers.get('location')!;
    const res = await client.patch(location, 0, bytes);
    expect(res.status).toBe(422);
    expect(await json(res)).toMatchObject({ code: 'not_a_video' });
    expect((await client.head(location)).status).toBe(404);
    expect(filesUnder(tmpTus()).filter((f) => f.startsWith(path.basename(location)))).toEqual([]);
    expect(filesUnder(path.join(server.dataDir, 'media'))).toEqual(mediaBefore);
  });

  it('sweeps an unfinished upload once it expires, bytes and all, and frees its room in the quota', async () => {
    const user = await registerUser(server);
    const project = (await createProject(server, user.token)).id;
    const client = tusClient(server, user.token);
    const created = await client.create(30 * MiB, { project_id: String(project) });
    const location = created.headers.get('location')!;
    const id = path.basename(location);
    expect((await client.patch(location, 0, Buffer.alloc(1000))).status).toBe(204);
    expect((await client.create(20 * MiB, { project_id: String(project) })).status).toBe(413);

    // Not yet expired: kept.
    await sweepExpiredTusUploads(server.ctx, Date.now() + TUS_EXPIRY_MS - 60_000);
    expect((await client.head(location)).headers.get('upload-offset')).toBe('1000');

    await sweepExpiredTusUploads(server.ctx, Date.now() + TUS_EXPIRY_MS + 60_000);
    expect((await client.head(location)).status).toBe(404);
    expect(filesUnder(tmpTus()).filter((f) => f.startsWith(id))).toEqual([]);
    expect((await client.create(20 * MiB, { project_id: String(project) })).status).toBe(201);
  });

  it('holds a user to their cap of uploads sending at once (429 with Retry-After)', async () => {
    const user = await registerUser(server);
    const project = (await createProject(server, user.token)).id;
    const client = tusClient(server, user.token);
    const first = (await client.create(1000, { project_id: String(project) })).headers.get('location')!;
    const second = (await client.create(1000, { project_id: String(project) })).headers.get('location')!;

    // The first upload's request stays open, half sent.
    const open = http.request(new URL(`${server.url}${first}`), {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        authorization: `Bearer ${user.token}`,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': '500',
      },
    });
    const answered = new Promise<number>((resolve) => open.on('response', (res) => resolve(res.statusCode!)));
    open.write(Buffer.alloc(250));
    await vi.waitFor(() => expect(uploadsInProgress(server.ctx, { userId: user.user.id })).toBe(1));

    const refused = await client.patch(second, 0, Buffer.alloc(500));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await json(refused)).toMatchObject({ code: 'too_many_uploads' });

    open.end(Buffer.alloc(250));
    expect(await answered).toBe(204);
    await vi.waitFor(() => expect(uploadsInProgress(server.ctx, { userId: user.user.id })).toBe(0));
    expect((await client.patch(second, 0, Buffer.alloc(500))).status).toBe(204);
  });

  it('answers a wrong offset with 409 and the JSON error shape', async () => {
    const client = tusClient(server, owner.token);
    const created = await client.create(100, { project_id: String(projectId) });
    const res = await client.patch(created.headers.get('location')!, 50, Buffer.alloc(10));
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ code: 'invalid_offset' });
  });
});

/** Sends `bytes` as a PATCH that declares `declared` bytes, then cuts the connection. */
function cutPatch(
  server: TestServer,
  token: string,
  location: string,
  offset: number,
  bytes: Buffer,
  declared: number,
) {
  return new Promise<void>((resolve) => {
    const url = new URL(`${server.url}${location}`);
    const req = http.request(url, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        authorization: `Bearer ${token}`,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(declared),
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(bytes, () => req.destroy());
  });
}

describe('a resumable upload across a server restart', () => {
  let second: TestServer | undefined;
  afterAll(() => stopTestServer(second));

  it('resumes an upload cut off mid-way from the last byte the stopped server had, and finishes one whose last byte arrived as it stopped', async () => {
    const fx = mediaFixtures();
    const bytes = fs.readFileSync(fx.bigVideo);
    const first = await startTestServer();
    const owner = await registerUser(first);
    const projectId = (await createProject(first, owner.token)).id;
    const created = await tusClient(first, owner.token).create(bytes.length, {
      filename: 'big.mp4',
      project_id: String(projectId),
      title: 'Across a restart',
    });
    const location = created.headers.get('location')!;
    const third = Math.floor(bytes.length / 3);
    expect((await tusClient(first, owner.token).patch(location, 0, bytes.subarray(0, third))).status).toBe(204);
    // The next request declares the rest but the connection drops after another third.
    await cutPatch(first, owner.token, location, third, bytes.subarray(third, 2 * third), bytes.length - third);
    // A second upload whose last byte reached the disk as the server stopped, before its video was made.
    const small = fs.readFileSync(fx.video);
    const smallUpload = await tusClient(first, owner.token).create(small.length, {
      filename: 'small.mp4',
      project_id: String(projectId),
    });
    const smallLocation = smallUpload.headers.get('location')!;
    const allButOne = small.subarray(0, small.length - 1);
    expect((await tusClient(first, owner.token).patch(smallLocation, 0, allButOne)).status).toBe(204);
    await first.close();
    fs.appendFileSync(path.join(first.dataDir, 'tmp', 'tus', path.basename(smallLocation)), small.subarray(-1));

    second = await startTestServer({}, { dataDir: first.dataDir, databaseUrl: first.databaseUrl });
    const client = tusClient(second, owner.token);
    const head = await client.head(location);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(third);
    expect(offset).toBeLessThanOrEqual(2 * third);
    expect(head.headers.get('upload-length')).toBe(String(bytes.length));

    const rest = await client.patch(location, offset, bytes.subarray(offset));
    expect(rest.status).toBe(200);
    const { video } = await json(rest);
    expect(video).toMatchObject({ projectId, title: 'Across a restart', sizeBytes: bytes.length, width: 1280 });
    const stored = fs.readFileSync(path.join(second.dataDir, 'media', video.filename));
    expect(sha256(stored)).toBe(sha256(bytes));

    // Asked how far it got, the server makes the video of the complete upload and names it.
    const smallHead = await client.head(smallLocation);
    expect(smallHead.status).toBe(200);
    expect(smallHead.headers.get('upload-offset')).toBe(String(small.length));
    const smallVideo = await api(second, owner.token).get(`/api/videos/${smallHead.headers.get('fanout-video-id')}`);
    expect(smallVideo.body.video).toMatchObject({ originalName: 'small.mp4', sizeBytes: small.length });
    expect(filesUnder(path.join(second.dataDir, 'tmp', 'tus'))).toEqual([]);
  });
});
