import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Video } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, registerUser } from '../../../test/factories';
import { mediaFixtures, uploadVideo, type MediaFixtures } from '../../../test/fixtures';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

// The same answers whichever storage holds the file: the bytes of an S3 object stream through the server.
describe.each(['local', 's3'] as const)('GET /uploads/:filename (%s storage)', (storage) => {
  let server: TestServer;
  let fx: MediaFixtures;
  let video: Video;
  let original: Buffer;
  let url: string;

  beforeAll(async () => {
    fx = mediaFixtures();
    original = fs.readFileSync(fx.video);
    server = await startTestServer(storage === 's3' ? s3.env(`media-routes-${process.pid}`) : {});
    const user = await registerUser(server);
    const project = await createProject(server, user.token);
    video = (await uploadVideo(server, user.token, { file: fx.video, projectId: project.id })).body.video;
    url = `${server.url}/uploads/${video.filename}`;
  });
  afterAll(() => stopTestServer(server));

  it('holds the file in the storage asked for', async () => {
    const inMediaDir = fs.readdirSync(server.ctx.config.mediaDir);
    expect(inMediaDir.includes(video.filename)).toBe(storage === 'local');
    expect((await server.ctx.storage.stat(video.filename))?.size).toBe(original.length);
  });

  it('serves the file without a Bearer token, with type, length, validators and no sniffing', async () => {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(original)).toBe(true);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-length')).toBe(String(original.length));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(Date.parse(res.headers.get('last-modified') ?? '')).not.toBeNaN();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toMatch(/^private/);
  });

  it('answers bytes=0-99 with 206 and exactly those 100 bytes', async () => {
    const res = await fetch(url, { headers: { range: 'bytes=0-99' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-99/${original.length}`);
    expect(res.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await res.arrayBuffer()).equals(original.subarray(0, 100))).toBe(true);
  });

  it('answers a suffix range with the last bytes', async () => {
    const res = await fetch(url, { headers: { range: 'bytes=-50' } });
    expect(res.status).toBe(206);
    const start = original.length - 50;
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${original.length - 1}/${original.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(original.subarray(start))).toBe(true);
  });

  it('answers an open-ended range from the middle', async () => {
    const res = await fetch(url, { headers: { range: `bytes=${original.length - 10}-` } });
    expect(res.status).toBe(206);
    expect(Buffer.from(await res.arrayBuffer()).equals(original.subarray(original.length - 10))).toBe(true);
  });

  it('answers 416 with the size for a range outside the file', async () => {
    for (const range of [`bytes=${original.length}-`, 'bytes=999999999-']) {
      const res = await fetch(url, { headers: { range } });
      expect(res.status).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${original.length}`);
      expect(await res.json()).toMatchObject({ code: 'range_not_satisfiable' });
    }
  });

  it('serves the whole file for a Range it does not serve: several ranges, another unit, an invalid one', async () => {
    for (const range of ['bytes=0-0,5-10', 'items=0-1', 'bytes=10-5']) {
      const res = await fetch(url, { headers: { range } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-range')).toBeNull();
      expect(Buffer.from(await res.arrayBuffer()).equals(original)).toBe(true);
    }
  });

  it('reads the range unit whatever its case', async () => {
    const res = await fetch(url, { headers: { range: 'BYTES=0-1' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-1/${original.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(original.subarray(0, 2))).toBe(true);
  });

  it('answers 304 to a matching If-None-Match and to a current If-Modified-Since', async () => {
    const first = await fetch(url);
    await first.arrayBuffer();
    const etag = first.headers.get('etag') ?? '';
    const byEtag = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(byEtag.status).toBe(304);
    expect(await byEtag.text()).toBe('');
    const byDate = await fetch(url, { headers: { 'if-modified-since': first.headers.get('last-modified') ?? '' } });
    expect(byDate.status).toBe(304);
    const stale = await fetch(url, { headers: { 'if-none-match': '"0-0"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it('ignores an If-Modified-Since later than the server clock, or that is not an HTTP-date (RFC 9110 §13.1.3)', async () => {
    const future = new Date(Date.now() + 365 * 24 * 3600_000).toUTCString();
    for (const since of [future, '1', 'yesterday', '2020-01-01']) {
      const res = await fetch(url, { headers: { 'if-modified-since': since } });
      expect(res.status, since).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(original.length);
    }
  });

  it('applies the Range when If-Range holds the current Last-Modified, and not for a value that is no date', async () => {
    const head = await fetch(url, { method: 'HEAD' });
    const lastModified = head.headers.get('last-modified') ?? '';
    const current = await fetch(url, { headers: { range: 'bytes=0-9', 'if-range': lastModified } });
    expect(current.status).toBe(206);
    expect((await current.arrayBuffer()).byteLength).toBe(10);
    const notADate = await fetch(url, { headers: { range: 'bytes=0-9', 'if-range': '1' } });
    expect(notADate.status).toBe(200);
    expect((await notADate.arrayBuffer()).byteLength).toBe(original.length);
  });

  it('ignores the Range when If-Range names another version', async () => {
    const res = await fetch(url, { headers: { range: 'bytes=0-9', 'if-range': '"0-0"' } });
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(original.length);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetch(url, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(original.length));
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(await res.text()).toBe('');
  });

  it('serves the thumbnail as a JPEG', async () => {
    const res = await fetch(`${server.url}${video.thumbnail}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
  });

  it('answers 404 for anything that is not a stored, server-generated name', async () => {
    const secret = path.join(server.dataDir, 'secret.txt');
    fs.writeFileSync(secret, 'secret');
    const misses = [
      '/uploads/..%2f..%2fetc%2fpasswd',
      '/uploads/..%2fsecret.txt',
      '/uploads/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/uploads/....%2f%2f....%2fsecret.txt',
      `/uploads/${video.filename.toUpperCase()}`,
      `/uploads/${video.filename.replace('.mp4', '.txt')}`,
      `/uploads/${'0'.repeat(32)}.mp4`,
      '/uploads/secret.txt',
      '/uploads/',
    ];
    for (const target of misses) {
      const res = await rawGet(server.url, target);
      expect(res.status, target).toBe(404);
      expect(res.body, target).not.toContain('secret');
      expect(res.body, target).not.toContain('root:');
    }
    // A NUL in the name is refused before any lookup, as anywhere in a request (http/text-input.ts).
    const nul = await rawGet(server.url, `/uploads/${video.filename}%00.jpg`);
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.body)).toMatchObject({ code: 'invalid_text' });
  });
});

/** node:http sends the path exactly as written (fetch would normalise dot segments). */
function rawGet(base: string, target: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path: target }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}
