import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, createProject, insertVideoRow, registerUser, type RegisteredUser } from '../../../test/factories';
import { mediaFixtures, storedFiles, type MediaFixtures } from '../../../test/fixtures';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

const MAX_BYTES = 1_000_000;

interface Origin {
  url: string;
  /** Paths asked for, in order. */
  hits: string[];
  /** Answers whose connection ended before the whole body was sent. */
  cutOff: string[];
  close(): Promise<void>;
}

/** A file server on a loopback address, answering each path as `routes` says. */
async function startOrigin(
  host: string,
  routes: Record<string, (req: http.IncomingMessage, res: http.ServerResponse) => void>,
): Promise<Origin> {
  const hits: string[] = [];
  const cutOff: string[] = [];
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').replace(/\?.*/, '');
    hits.push(path);
    res.on('close', () => {
      if (!res.writableFinished) cutOff.push(path);
    });
    const route = routes[path];
    if (route) route(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('no such file');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    hits,
    cutOff,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sendFile = (file: string, type: string) => (_req: http.IncomingMessage, res: http.ServerResponse) => {
  const bytes = fs.readFileSync(file);
  res.writeHead(200, { 'content-type': type, 'content-length': bytes.length }).end(bytes);
};

/** What the failed imports must leave: no video row, no file in storage or the staging dir. */
async function nothingKept(server: TestServer, projectId: number, filesBefore: string[]) {
  const rows = await server.ctx.db.selectFrom('videos').select('id').where('project_id', '=', projectId).execute();
  await vi.waitFor(() => expect(storedFiles(server)).toEqual(filesBefore));
  return rows.length;
}

describe('POST /api/videos/import', () => {
  let fx: MediaFixtures;
  let server: TestServer;
  let origin: Origin;
  /** Another loopback address, private like every loopback one and not on the server's allow list. */
  let elsewhere: Origin;
  let owner: RegisteredUser;
  let projectId: number;
  let endless: NodeJS.Timeout[];

  beforeAll(async () => {
    fx = mediaFixtures();
    endless = [];
    elsewhere = await startOrigin('127.0.0.2', { '/clip.mp4': sendFile(mediaFixtures().video, 'video/mp4') });
    origin = await startOrigin('127.0.0.1', {
      '/media/Launch%20teaser.mp4': sendFile(fx.video, 'video/mp4'),
      '/media/clip.mov': sendFile(fx.videoMov, 'application/octet-stream'),
      '/media/notes.mp4': sendFile(fx.textAsMp4, 'video/mp4'),
      '/media/page': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'),
      '/files/Summer%20trip.mp4': sendFile(fx.portraitVideo, 'video/mp4'),
      '/share/': (_req, res) => res.writeHead(303, { location: '/files/Summer%20trip.mp4' }).end(),
      '/moved': (_req, res) => res.writeHead(302, { location: '/media/Launch%20teaser.mp4' }).end(),
      '/to-private': (_req, res) => res.writeHead(302, { location: `${elsewhere.url}/clip.mp4` }).end(),
      '/to-ftp': (_req, res) => res.writeHead(301, { location: 'ftp://127.0.0.1/clip.mp4' }).end(),
      '/loop': (_req, res) => res.writeHead(307, { location: '/loop' }).end(),
      '/declared-huge.mp4': (_req, res) => {
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': MAX_BYTES * 50 });
        res.write(Buffer.alloc(1024));
      },
      '/declared-500k.mp4': (_req, res) => {
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': 500_000 });
        res.write(Buffer.alloc(1024));
      },
      // No Content-Length: 64 KB every few milliseconds, for as long as someone reads.
      '/endless.mp4': (_req, res) => {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        const timer = setInterval(() => res.write(Buffer.alloc(64 * 1024, 7)), 5);
        endless.push(timer);
        res.on('close', () => clearInterval(timer));
      },
      // Takes the request and never answers.
      '/silent.mp4': () => {},
      // 1 KB now and then, never reaching the end.
      '/trickle.mp4': (_req, res) => {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        const timer = setInterval(() => res.write(Buffer.alloc(1024, 7)), 200);
        endless.push(timer);
        res.on('close', () => clearInterval(timer));
      },
      // Promises 300 KB, sends a little, then hangs up.
      '/cut-short.mp4': (req, res) => {
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': 300_000 });
        res.write(Buffer.alloc(1000), () => req.socket.destroy());
      },
    });
    // The test server may fetch from 127.0.0.1 (the origin) and no other private address.
    server = await startTestServer({
      IMPORT_ALLOW_PRIVATE: '127.0.0.1',
      UPLOAD_MAX_BYTES: String(MAX_BYTES),
      IMPORT_CONNECT_TIMEOUT_SECONDS: '1',
      IMPORT_TIMEOUT_SECONDS: '4',
    });
    owner = await registerUser(server);
    projectId = (await createProject(server, owner.token)).id;
  });
  afterAll(async () => {
    for (const timer of endless) clearInterval(timer);
    await stopTestServer(server);
    await origin.close();
    await elsewhere.close();
  });

  const importAs = (token: string, body: Record<string, unknown>) =>
    api(server, token).post('/api/videos/import', body);

  it('stores the fetched file as an upload would, titled after the file name, with its thumbnail and activity', async () => {
    const res = await importAs(owner.token, { projectId, url: `${origin.url}/media/Launch%20teaser.mp4?sig=abc` });
    expect(res.status).toBe(201);
    const { video } = res.body;
    expect(video).toMatchObject({
      projectId,
      title: 'Launch teaser',
      status: 'awaiting-details',
      duration: '0:03',
      width: 640,
      height: 360,
      videoCodec: 'h264',
      mimeType: 'video/mp4',
      originalName: 'Launch teaser.mp4',
      sizeBytes: fs.statSync(fx.video).size,
    });
    const media = await fetch(`${server.url}/uploads/${video.filename}`);
    expect(Buffer.from(await media.arrayBuffer()).equals(fs.readFileSync(fx.video))).toBe(true);
    const thumb = await fetch(`${server.url}${video.thumbnail}`);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    await thumb.arrayBuffer();

    const trail = await api(server, owner.token).get(`/api/activity?project_id=${projectId}&type=video.uploaded`);
    expect(trail.status).toBe(200);
    expect(JSON.stringify(trail.body)).toContain('Launch teaser');

    // The same file again is a duplicate, as a second upload of it would be.
    const again = await importAs(owner.token, { projectId, url: `${origin.url}/moved` });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'duplicate_video', videoId: video.id });
  });

  it('takes the given title, and the real container whatever the answer calls it', async () => {
    const res = await importAs(owner.token, { projectId, url: `${origin.url}/media/clip.mov`, title: ' Trip ' });
    expect(res.status).toBe(201);
    expect(res.body.video).toMatchObject({ title: 'Trip', mimeType: 'video/quicktime' });
    expect(res.body.video.filename).toMatch(/^[0-9a-f]{32}\.mov$/);
  });

  it('names the video after the file it was redirected to when the address itself names none', async () => {
    const res = await importAs(owner.token, { projectId, url: `${origin.url}/share/` });
    expect(res.status).toBe(201);
    expect(res.body.video).toMatchObject({ title: 'Summer trip', originalName: 'Summer trip.mp4', height: 960 });
  });

  it('refuses a redirect to a private address it may not reach, without connecting there', async () => {
    const before = storedFiles(server);
    const rows = await nothingKept(server, projectId, before);
    const res = await importAs(owner.token, { projectId, url: `${origin.url}/to-private` });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: expect.stringMatching(/redirected to 127\.0\.0\.2/),
      code: 'import_private_address',
    });
    expect(elsewhere.hits).toEqual([]);
    expect(await nothingKept(server, projectId, before)).toBe(rows);
  });

  it.each([
    ['a redirect to another scheme', '/to-ftp', 'import_bad_redirect'],
    ['endless redirects', '/loop', 'import_too_many_redirects'],
    ['a 404 from the origin', '/media/gone.mp4', 'import_http_error'],
    ['a file that is not a video', '/media/notes.mp4', 'not_a_video'],
    ['a web page', '/media/page', 'not_a_video'],
    ['a body cut short', '/cut-short.mp4', 'import_interrupted'],
  ])('answers %s with 422 and keeps nothing', async (_label, path, code) => {
    const before = storedFiles(server);
    const rows = await nothingKept(server, projectId, before);
    const res = await importAs(owner.token, { projectId, url: `${origin.url}${path}` });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: expect.any(String), code });
    expect(await nothingKept(server, projectId, before)).toBe(rows);
  });

  it('says so when the host cannot be reached', async () => {
    const closed = await startOrigin('127.0.0.1', {});
    const url = `${closed.url}/clip.mp4`;
    await closed.close();
    const res = await importAs(owner.token, { projectId, url });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'import_unreachable', error: expect.stringMatching(/ECONNREFUSED/) });
  });

  it('gives up on an address that does not answer in time, or does not send the whole file in time', async () => {
    const before = storedFiles(server);
    const rows = await nothingKept(server, projectId, before);
    const silent = await importAs(owner.token, { projectId, url: `${origin.url}/silent.mp4` });
    expect(silent.status).toBe(422);
    expect(silent.body).toEqual({ error: expect.stringMatching(/did not answer within 1 s/), code: 'import_timeout' });
    const trickle = await importAs(owner.token, { projectId, url: `${origin.url}/trickle.mp4` });
    expect(trickle.status).toBe(422);
    expect(trickle.body).toEqual({ error: expect.stringMatching(/within 4 s/), code: 'import_timeout' });
    await vi.waitFor(() => expect(origin.cutOff).toEqual(expect.arrayContaining(['/silent.mp4', '/trickle.mp4'])));
    expect(await nothingKept(server, projectId, before)).toBe(rows);
  });

  it('refuses a file declared over UPLOAD_MAX_BYTES before reading it, and cuts off a body that grows past it', async () => {
    const before = storedFiles(server);
    const rows = await nothingKept(server, projectId, before);

    const declared = await importAs(owner.token, { projectId, url: `${origin.url}/declared-huge.mp4` });
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ error: expect.stringMatching(/too large/), code: 'file_too_large' });

    const endlessBody = await importAs(owner.token, { projectId, url: `${origin.url}/endless.mp4` });
    expect(endlessBody.status).toBe(413);
    expect(endlessBody.body.code).toBe('file_too_large');
    // The server hung up on both rather than reading on.
    await vi.waitFor(() =>
      expect(origin.cutOff).toEqual(expect.arrayContaining(['/declared-huge.mp4', '/endless.mp4'])),
    );
    expect(await nothingKept(server, projectId, before)).toBe(rows);
  });

  it("holds the file to the project owner's storage left, by its Content-Length and as its body arrives", async () => {
    const full = await registerUser(server);
    const fullProject = (await createProject(server, full.token)).id;
    await insertVideoRow(server, { userId: full.user.id, projectId: fullProject });
    // 100 KB left of the default 10 GiB.
    await server.ctx.db
      .updateTable('videos')
      .set({ size_bytes: server.ctx.config.storageQuotaBytes - 100_000 })
      .where('project_id', '=', fullProject)
      .execute();
    const before = storedFiles(server);
    for (const path of ['/declared-500k.mp4', '/endless.mp4']) {
      const res = await importAs(full.token, { projectId: fullProject, url: `${origin.url}${path}` });
      expect(res.status, path).toBe(413);
      expect(res.body).toEqual({
        error: expect.stringMatching(/does not fit in your storage/),
        code: 'quota_exceeded',
      });
    }
    expect(await nothingKept(server, fullProject, before)).toBe(1);
  });

  it('refuses addresses that are not http(s) or carry credentials', async () => {
    for (const url of ['ftp://127.0.0.1/clip.mp4', `http://user:secret@${new URL(origin.url).host}/media/clip.mov`]) {
      const res = await importAs(owner.token, { projectId, url });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
  });

  it("answers 404 for another account's project, fetching nothing", async () => {
    const stranger = await registerUser(server);
    const hits = origin.hits.length;
    const res = await importAs(stranger.token, { projectId, url: `${origin.url}/media/clip.mov` });
    expect(res.status).toBe(404);
    expect(origin.hits.length).toBe(hits);
  });

  it('allows 30 imports a minute per person, then answers 429 too_many_url_imports with Retry-After', async () => {
    const busy = await registerUser(server);
    const busyProject = (await createProject(server, busy.token)).id;
    for (let i = 0; i < 30; i++) {
      const res = await importAs(busy.token, { projectId: busyProject, url: `${origin.url}/media/gone.mp4` });
      expect(res.body.code).toBe('import_http_error');
    }
    const refused = await importAs(busy.token, { projectId: busyProject, url: `${origin.url}/media/clip.mov` });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_url_imports');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else is not held back.
    expect((await importAs(owner.token, { projectId, url: `${origin.url}/media/gone.mp4` })).status).toBe(422);
  });

  it('refuses a read-only token with 403 api_token_scope', async () => {
    const created = await api(server, owner.token).post('/api/auth/tokens', { name: 'reader', scopes: ['read'] });
    expect(created.status).toBe(201);
    const res = await importAs(created.body.secret, { projectId, url: `${origin.url}/media/clip.mov` });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('api_token_scope');
  });
});

describe('POST /api/videos/import on a server with the default setting', () => {
  let server: TestServer;
  let origin: Origin;
  let owner: RegisteredUser;
  let projectId: number;

  beforeAll(async () => {
    origin = await startOrigin('127.0.0.1', { '/clip.mp4': sendFile(mediaFixtures().video, 'video/mp4') });
    server = await startTestServer();
    owner = await registerUser(server);
    projectId = (await createProject(server, owner.token)).id;
  });
  afterAll(async () => {
    await stopTestServer(server);
    await origin.close();
  });

  it('refuses loopback and private addresses, by address or by name, with 422 import_private_address', async () => {
    const port = new URL(origin.url).port;
    for (const url of [`${origin.url}/clip.mp4`, `http://localhost:${port}/clip.mp4`, 'http://[::1]/clip.mp4']) {
      const res = await api(server, owner.token).post('/api/videos/import', { projectId, url });
      expect(res.status, url).toBe(422);
      expect(res.body).toEqual({ error: expect.stringMatching(/private network/), code: 'import_private_address' });
    }
    expect(origin.hits).toEqual([]);
  });
});
