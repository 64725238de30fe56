import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveBinaries } from '../../media/binaries';
import { findVideosOfProjectByContentHash } from '../../repositories/videos.repository';
import { api, createProject, registerUser, type RegisteredUser } from '../../../test/factories';
import { storedFiles, uploadVideo } from '../../../test/fixtures';
import { makeTempDir, startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

/** 5 s clips made by ffmpeg, whole and cut in half with their index whole (faststart MP4, MKV, WebM) or gone. */
function makeClips(dir: string) {
  const { ffmpeg } = resolveBinaries({});
  const source = [
    ...['-f', 'lavfi', '-i', 'testsrc=duration=5:size=160x120:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=5'],
  ];
  const h264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '40', '-pix_fmt', 'yuv420p'];
  const clips = {
    faststartMp4: { file: 'faststart.mp4', args: [...h264, '-c:a', 'aac', '-b:a', '32k', '-movflags', '+faststart'] },
    plainMp4: { file: 'plain.mp4', args: [...h264, '-c:a', 'aac', '-b:a', '32k'] },
    mkv: { file: 'clip.mkv', args: [...h264, '-c:a', 'aac', '-b:a', '32k'] },
    webm: { file: 'clip.webm', args: ['-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '100k', '-c:a', 'libopus'] },
  };
  const out: Record<keyof typeof clips, { whole: string; half: string }> = {} as never;
  for (const [key, { file, args }] of Object.entries(clips)) {
    const whole = path.join(dir, file);
    execFileSync(ffmpeg, ['-v', 'error', '-nostdin', '-y', ...source, ...args, '-shortest', whole], { stdio: 'pipe' });
    const half = path.join(dir, `half-${file}`);
    fs.writeFileSync(half, fs.readFileSync(whole).subarray(0, Math.floor(fs.statSync(whole).size / 2)));
    out[key as keyof typeof clips] = { whole, half };
  }
  return out;
}

describe('POST /api/upload: whole videos only', () => {
  let server: TestServer;
  let owner: RegisteredUser;
  let projectId: number;
  let clips: ReturnType<typeof makeClips>;

  beforeAll(async () => {
    clips = makeClips(makeTempDir('fanout-clips-'));
    server = await startTestServer();
    owner = await registerUser(server);
    projectId = (await createProject(server, owner.token)).id;
  });
  afterAll(() => stopTestServer(server));

  it.each([
    ['an MP4 with its index at the front', 'faststartMp4'],
    ['an MP4 with its index at the end', 'plainMp4'],
    ['a Matroska file', 'mkv'],
    ['a WebM file', 'webm'],
  ] as const)('refuses the first half of %s with 422 incomplete_video, keeping nothing', async (_label, key) => {
    const before = storedFiles(server);
    const res = await uploadVideo(server, owner.token, { file: clips[key].half, projectId });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('incomplete_video');
    expect(res.body.error).toMatch(/incomplete/);
    expect(storedFiles(server)).toEqual(before);
  });

  it.each(['faststartMp4', 'plainMp4', 'mkv', 'webm'] as const)(
    'accepts the whole %s, recording the SHA-256 of its bytes',
    async (key) => {
      const file = clips[key].whole;
      const res = await uploadVideo(server, owner.token, { file, projectId });
      expect(res.status).toBe(201);
      expect(res.body.video.duration).toBe('0:05');
      const sha256 = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
      const rows = await findVideosOfProjectByContentHash(server.ctx.db, projectId, sha256);
      expect(rows.map((r) => r.id)).toContain(res.body.video.id);
    },
  );
});

/** Opens an upload by hand: the head and `firstBytes` of the file; the caller decides what follows. */
function openUpload(server: TestServer, token: string, projectId: number, firstBytes = 1024) {
  const boundary = 'fanout-hand-boundary';
  const head =
    `--${boundary}\r\ncontent-disposition: form-data; name="project_id"\r\n\r\n${projectId}\r\n` +
    `--${boundary}\r\ncontent-disposition: form-data; name="video"; filename="slow.mp4"\r\n` +
    'content-type: video/mp4\r\n\r\n';
  const { hostname, port } = new URL(server.url);
  const socket = net.connect(Number(port), hostname);
  let answer = '';
  let closed = false;
  socket.on('data', (d) => (answer += d.toString('latin1')));
  socket.on('error', () => {});
  socket.on('close', () => (closed = true));
  socket.write(
    `POST /api/upload HTTP/1.1\r\nhost: ${hostname}\r\nauthorization: Bearer ${token}\r\n` +
      `content-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${10 * 1024 * 1024}\r\n\r\n` +
      head,
  );
  socket.write(Buffer.alloc(firstBytes, 1));
  return { socket, answer: () => answer, closed: () => closed };
}

const tempUploads = (server: TestServer) =>
  fs.existsSync(server.ctx.config.tmpDir)
    ? fs.readdirSync(server.ctx.config.tmpDir).filter((n) => n.endsWith('.upload'))
    : [];

describe('POST /api/upload: slow and piled-up uploads', () => {
  it('cuts off an upload that trickles in below the minimum rate, closing the socket and removing its temp file', async () => {
    const server = await startTestServer({ UPLOAD_RATE_WINDOW_SECONDS: '1', UPLOAD_MIN_BYTES_PER_SECOND: '4096' });
    try {
      const user = await registerUser(server);
      const project = await createProject(server, user.token);
      const upload = openUpload(server, user.token, project.id);
      await vi.waitFor(() => expect(tempUploads(server)).toHaveLength(1), { timeout: 10_000 });
      // One byte now and then: far below 4 KB a second.
      const drip = setInterval(() => upload.socket.write(Buffer.from([1])), 100);
      try {
        await vi.waitFor(() => expect(upload.closed()).toBe(true), { timeout: 20_000, interval: 50 });
      } finally {
        clearInterval(drip);
      }
      expect(upload.answer()).toMatch(/^HTTP\/1\.1 408 /);
      expect(upload.answer()).toContain('"code":"upload_too_slow"');
      await vi.waitFor(() => expect(tempUploads(server)).toEqual([]), { timeout: 10_000 });
      expect((await api(server, user.token).get('/api/used-storage')).body.used_storage).toBe(0);
    } finally {
      await stopTestServer(server);
    }
  });

  it("answers a user's upload past the cap with 429 too_many_uploads and Retry-After; a slot frees when one ends", async () => {
    const server = await startTestServer({ UPLOAD_MAX_CONCURRENT_PER_USER: '2' });
    const open: ReturnType<typeof openUpload>[] = [];
    try {
      const user = await registerUser(server);
      const project = await createProject(server, user.token);
      open.push(openUpload(server, user.token, project.id), openUpload(server, user.token, project.id));
      await vi.waitFor(() => expect(tempUploads(server)).toHaveLength(2), { timeout: 10_000 });

      const third = await uploadVideo(server, user.token, { file: makeTinyFile(server), projectId: project.id });
      expect(third.status).toBe(429);
      expect(third.body).toEqual({
        error: expect.stringMatching(/Too many uploads in progress/),
        code: 'too_many_uploads',
      });
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);

      // Someone else is not held back by this user's uploads.
      const other = await registerUser(server);
      const otherProject = await createProject(server, other.token);
      const theirs = await uploadVideo(server, other.token, { file: makeTinyFile(server), projectId: otherProject.id });
      expect(theirs.status).not.toBe(429);

      open.shift()!.socket.destroy();
      await vi.waitFor(
        async () => {
          const again = await uploadVideo(server, user.token, { file: makeTinyFile(server), projectId: project.id });
          expect(again.status).not.toBe(429);
        },
        { timeout: 20_000, interval: 100 },
      );
    } finally {
      for (const u of open) u.socket.destroy();
      await stopTestServer(server);
    }
  });
});

/** A small file that is not a video: enough to be answered (422) once an upload gets a slot. */
function makeTinyFile(server: TestServer): string {
  const file = path.join(server.ctx.config.dataDir, 'tiny.mp4');
  if (!fs.existsSync(file)) fs.writeFileSync(file, 'not a video\n');
  return file;
}
