import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, createProject, registerUser, type RegisteredUser } from '../../../test/factories';
import { mediaFixtures, storedFiles, uploadVideo, type MediaFixtures } from '../../../test/fixtures';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

describe('POST /api/upload', () => {
  let server: TestServer;
  let fx: MediaFixtures;
  let owner: RegisteredUser;
  let projectId: number;

  beforeAll(async () => {
    fx = mediaFixtures();
    server = await startTestServer();
    owner = await registerUser(server);
    projectId = (await createProject(server, owner.token)).id;
  });
  afterAll(() => stopTestServer(server));

  it('stores a real video with what ffprobe read, and a reachable thumbnail', async () => {
    const res = await uploadVideo(server, owner.token, { file: fx.video, projectId, title: 'Launch teaser' });
    expect(res.status).toBe(201);
    const { video } = res.body;
    expect(video).toMatchObject({
      projectId,
      title: 'Launch teaser',
      description: '',
      tags: [],
      platforms: [],
      status: 'awaiting-details',
      progress: 100,
      duration: '0:03',
      width: 640,
      height: 360,
      fps: 24,
      videoCodec: 'h264',
      audioCodec: 'aac',
      mimeType: 'video/mp4',
      originalName: 'video.mp4',
      views: 0,
    });
    expect(video.sizeBytes).toBe(fs.statSync(fx.video).size);
    expect(video.size).toBe(`${(video.sizeBytes / 1024 / 1024).toFixed(2)} MB`);
    expect(video.filename).toMatch(/^[0-9a-f]{32}\.mp4$/);
    expect(Date.parse(video.uploadDate)).not.toBeNaN();

    const thumb = await fetch(`${server.url}${video.thumbnail}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await thumb.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0xff, 0xd8]));

    const media = await fetch(`${server.url}/uploads/${video.filename}`);
    expect(media.headers.get('content-type')).toBe('video/mp4');
    expect(Number(media.headers.get('content-length'))).toBe(video.sizeBytes);
    await media.arrayBuffer();
  });

  it('takes the title from the file name, and fields sent after the file', async () => {
    const res = await uploadVideo(server, owner.token, {
      file: fx.videoMov,
      name: 'Summer trip.final.mov',
      projectId,
      fieldsLast: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.video).toMatchObject({ title: 'Summer trip.final', mimeType: 'video/quicktime' });
    expect(res.body.video.filename).toMatch(/\.mov$/);
  });

  it('names the stored file after the real container, not the claimed name', async () => {
    const res = await uploadVideo(server, owner.token, { file: fx.video, name: 'clip.exe', projectId });
    expect(res.status).toBe(201);
    expect(res.body.video.filename).toMatch(/^[0-9a-f]{32}\.mp4$/);
  });

  describe('refuses files that are not videos and keeps nothing', () => {
    it.each([
      ['a text file named .mp4 sent as video/mp4', 'textAsMp4', 'video/mp4'],
      ['a PNG image', 'still', 'video/mp4'],
      ['an MP3 with cover art', 'audioWithCover', 'video/mp4'],
      ['a single frame in an MP4', 'singleFrameMp4', 'video/mp4'],
    ] as const)('%s', async (_label, key, type) => {
      const user = await registerUser(server);
      const project = await createProject(server, user.token);
      const before = storedFiles(server);
      const res = await uploadVideo(server, user.token, {
        file: fx[key],
        type,
        name: 'holiday.mp4',
        projectId: project.id,
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: 'This file is not a video we can read', code: 'not_a_video' });
      expect(storedFiles(server)).toEqual(before);
      const client = api(server, user.token);
      expect((await client.get(`/api/videos?project_id=${project.id}`)).body).toEqual([]);
      expect((await client.get('/api/used-storage')).body.used_storage).toBe(0);
    });
  });

  it("answers 404 for someone else's project, whether project_id comes first or last", async () => {
    const other = await registerUser(server);
    const before = storedFiles(server);
    for (const fieldsLast of [false, true]) {
      const res = await uploadVideo(server, other.token, { file: fx.video, projectId, fieldsLast });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Project not found', code: 'not_found' });
    }
    expect(storedFiles(server)).toEqual(before);
  });

  it('lets a client still sending a refused body read the answer instead of a reset connection', async () => {
    // The project is refused as soon as its field arrives, while the client goes on sending the file at the
    // pace of a slow network: 2 MB in 64 KB pieces.
    const other = await registerUser(server);
    const boundary = 'fanoutboundary';
    const head =
      `--${boundary}\r\ncontent-disposition: form-data; name="project_id"\r\n\r\n${projectId}\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="video"; filename="a.mp4"\r\n` +
      'content-type: video/mp4\r\n\r\n';
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(head));
      },
      async pull(controller) {
        if (sent >= 2 * 1024 * 1024) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          return controller.close();
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(7));
      },
    });
    const res = await fetch(`${server.url}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Project not found', code: 'not_found' });
    // The answer came once the body was in: an answer sent while the client still writes is followed by the
    // connection's close, which a loaded machine turns into a reset before the client has read the answer.
    expect(sent).toBe(2 * 1024 * 1024);
  });

  it('requires the Bearer token', async () => {
    const res = await uploadVideo(server, undefined, { file: fx.video, projectId });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
  });

  it('asks for the file part and the project', async () => {
    const form = new FormData();
    form.append('project_id', String(projectId));
    const noFile = await fetch(`${server.url}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toMatchObject({ code: 'missing_file' });

    const noProject = await uploadVideo(server, owner.token, { file: fx.video });
    expect(noProject.status).toBe(400);
    expect(noProject.body).toMatchObject({ code: 'validation_failed' });
    expect(noProject.body.error).toMatch(/project/);
  });

  it('refuses a body that is not multipart, with the error shape', async () => {
    const json = await api(server, owner.token).post('/api/upload', { title: 'x' });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe('not_multipart');
    const raw = await fetch(`${server.url}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'video/mp4' },
      body: 'not really',
    });
    expect(raw.status).toBe(415);
    expect(await raw.json()).toMatchObject({ code: 'not_multipart' });
  });

  it('leaves nothing behind when the client drops the connection mid-file', async () => {
    const before = storedFiles(server);
    const boundary = 'fanout-test-boundary';
    const head =
      `--${boundary}\r\ncontent-disposition: form-data; name="project_id"\r\n\r\n${projectId}\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="video"; filename="cut.mp4"\r\n` +
      'content-type: video/mp4\r\n\r\n';
    const { hostname, port } = new URL(server.url);
    const req = http.request({
      hostname,
      port,
      path: '/api/upload',
      method: 'POST',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(10 * 1024 * 1024),
      },
    });
    req.on('error', () => {});
    req.write(head);
    req.write(Buffer.alloc(256 * 1024));
    // Wait until the server is writing the temp file, then hang up.
    await vi.waitFor(() => expect(storedFiles(server).length).toBeGreaterThan(before.length), { timeout: 10_000 });
    req.destroy();
    await vi.waitFor(() => expect(storedFiles(server)).toEqual(before), { timeout: 10_000 });
    expect((await api(server, owner.token).get('/api/health')).status).toBe(200);
  });

  it('refuses a second file in one upload', async () => {
    const form = new FormData();
    form.append('project_id', String(projectId));
    const blob = new Blob([new Uint8Array(16)], { type: 'video/mp4' });
    form.append('video', blob, 'a.mp4');
    form.append('video', blob, 'b.mp4');
    const res = await fetch(`${server.url}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Send one video per upload', code: 'too_many_files' });
  });

  const INVALID_TEXT = { error: 'Text cannot contain NUL characters or broken Unicode', code: 'invalid_text' };

  it.each([
    ['before the file', false],
    ['after the file', true],
  ])('refuses a title with a NUL sent %s with 400 invalid_text, keeping nothing', async (_label, fieldsLast) => {
    const before = storedFiles(server);
    const probe = vi.spyOn(server.ctx.media, 'probe');
    try {
      const res = await uploadVideo(server, owner.token, {
        file: fx.video,
        projectId,
        title: 'Launch\u0000',
        fieldsLast,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(INVALID_TEXT);
      // Refused as the field arrives, not by the database at the end.
      expect(probe).not.toHaveBeenCalled();
    } finally {
      probe.mockRestore();
    }
    expect(storedFiles(server)).toEqual(before);
  });

  it('refuses a title that decodes to a lone surrogate (a UTF-16 field), keeping nothing', async () => {
    const before = storedFiles(server);
    const boundary = 'fanout-test-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="project_id"\r\n\r\n${projectId}\r\n` +
          `--${boundary}\r\ncontent-disposition: form-data; name="title"\r\n` +
          'content-type: text/plain; charset=utf-16le\r\n\r\n',
      ),
      Buffer.from([0x41, 0x00, 0x00, 0xd8]), // "A" and a high surrogate with nothing after it
      Buffer.from(
        `\r\n--${boundary}\r\ncontent-disposition: form-data; name="video"; filename="clip.mp4"\r\n` +
          'content-type: video/mp4\r\n\r\n',
      ),
      fs.readFileSync(fx.video),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await fetch(`${server.url}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(INVALID_TEXT);
    expect(storedFiles(server)).toEqual(before);
  });
});

describe('POST /api/upload limits', () => {
  let fx: MediaFixtures;
  beforeAll(() => {
    fx = mediaFixtures();
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 413 naming the limit, keeping nothing', async () => {
    const server = await startTestServer({ UPLOAD_MAX_BYTES: '4096' });
    try {
      const user = await registerUser(server);
      const project = await createProject(server, user.token);
      const res = await uploadVideo(server, user.token, { file: fx.video, projectId: project.id });
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('file_too_large');
      expect(res.body.error).toContain('4.00 KB');
      expect(storedFiles(server)).toEqual([]);
      expect((await api(server, user.token).get('/api/used-storage')).body.used_storage).toBe(0);

      // A body far over the limit is answered from its Content-Length, before it is read.
      const form = new FormData();
      form.append('project_id', String(project.id));
      form.append('video', new Blob([new Uint8Array(3 * 1024 * 1024)], { type: 'video/mp4' }), 'big.mp4');
      const big = await fetch(`${server.url}/api/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}` },
        body: form,
      });
      expect(big.status).toBe(413);
      expect(await big.json()).toMatchObject({ code: 'file_too_large' });
      expect(storedFiles(server)).toEqual([]);
    } finally {
      await stopTestServer(server);
    }
  });

  it('refuses an upload that does not fit in the remaining quota', async () => {
    const size = fs.statSync(fx.video).size;
    // Room for one video and its thumbnail, not for two.
    const server = await startTestServer({ STORAGE_QUOTA_BYTES: String(Math.floor(size * 1.6)) });
    try {
      const user = await registerUser(server);
      const project = await createProject(server, user.token);
      expect((await uploadVideo(server, user.token, { file: fx.video, projectId: project.id })).status).toBe(201);
      const before = storedFiles(server);
      const res = await uploadVideo(server, user.token, { file: fx.video, projectId: project.id });
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('quota_exceeded');
      expect(res.body.error).toMatch(/does not fit in your storage/);
      expect(storedFiles(server)).toEqual(before);
    } finally {
      await stopTestServer(server);
    }
  });

  it('lets only one of two uploads at once into a quota with room for one, keeping nothing of the other', async () => {
    const size = fs.statSync(fx.video).size;
    const quota = Math.floor(size * 1.6);
    const server = await startTestServer({ STORAGE_QUOTA_BYTES: String(quota) });
    try {
      const user = await registerUser(server);
      const project = await createProject(server, user.token);
      // Each fits on its own: both pass the check made before the file is read.
      const results = await Promise.all([
        uploadVideo(server, user.token, { file: fx.video, projectId: project.id, title: 'first' }),
        uploadVideo(server, user.token, { file: fx.video, projectId: project.id, title: 'second' }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 413]);
      const refused = results.find((r) => r.status === 413)!;
      expect(refused.body.code).toBe('quota_exceeded');
      const stored = results.find((r) => r.status === 201)!.body.video;

      const videos = (await api(server, user.token).get('/api/videos')).body as { id: number }[];
      expect(videos.map((v) => v.id)).toEqual([stored.id]);
      const used = (await api(server, user.token).get('/api/used-storage')).body.used_storage as number;
      expect(used).toBeLessThanOrEqual(quota);
      // The stored video and its thumbnail, and nothing of the refused upload.
      expect(storedFiles(server).sort()).toEqual(
        [`media/${stored.filename}`, `media/${stored.thumbnail.split('/').pop()}`].sort(),
      );
    } finally {
      await stopTestServer(server);
    }
  });

  // PGlite runs one transaction at a time; on PostgreSQL two can meet, and this makes them.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'decides the quota for one upload at a time, even when both record their video at the same moment',
    async () => {
      const size = fs.statSync(fx.video).size;
      const server = await startTestServer({ STORAGE_QUOTA_BYTES: String(Math.floor(size * 1.6)) });
      const holder = new pg.Client({ connectionString: server.databaseUrl });
      try {
        const user = await registerUser(server);
        const project = await createProject(server, user.token);
        await holder.connect();
        // Reads of the videos table go on; inserts wait until this transaction ends.
        await holder.query('begin');
        await holder.query('lock table videos in share mode');
        const uploads = Promise.all(
          ['first', 'second'].map((title) =>
            uploadVideo(server, user.token, { file: fx.video, projectId: project.id, title }),
          ),
        );
        // Both uploads are stored and waiting on a lock, inside the step that records them.
        await vi.waitFor(
          async () => {
            // Inside a transaction the activity view is a snapshot unless cleared.
            await holder.query('select pg_stat_clear_snapshot()');
            const { rows } = await holder.query(
              `select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
            );
            expect(rows[0].n).toBe(2);
          },
          { timeout: 20_000, interval: 20 },
        );
        await holder.query('commit');
        const results = await uploads;
        expect(results.map((r) => r.status).sort()).toEqual([201, 413]);
        expect(results.find((r) => r.status === 413)!.body.code).toBe('quota_exceeded');
        const videos = (await api(server, user.token).get('/api/videos')).body as unknown[];
        expect(videos).toHaveLength(1);
        expect(storedFiles(server)).toHaveLength(2);
      } finally {
        await holder.end();
        await stopTestServer(server);
      }
    },
  );
});
