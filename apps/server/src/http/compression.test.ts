import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createProject, registerUser } from '../../test/factories';
import { seedVideos } from '../../test/seed-videos';
import { startTestServer, stopTestServer, type TestServer } from '../../test/test-server';
import { rawGet } from '../../test/raw-get';

describe('compressed API answers', () => {
  let server: TestServer;
  let token: string;
  let pageUrl: string;

  beforeAll(async () => {
    server = await startTestServer();
    const owner = await registerUser(server);
    token = owner.token;
    const project = await createProject(server, token);
    await seedVideos(server.ctx.db, { userId: owner.user.id, projectId: project.id, count: 60 });
    pageUrl = `${server.url}/api/videos?project_id=${project.id}&limit=50`;
  });
  afterAll(() => stopTestServer(server));

  it('sends a page br- or gzip-encoded as the client accepts, decoding to the same JSON', async () => {
    const plain = await rawGet(pageUrl, { ...authHeaders(token), 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.body.toString('utf8'));
    expect(json.videos).toHaveLength(50);

    const br = await rawGet(pageUrl, { ...authHeaders(token), 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8'))).toEqual(json);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);

    const gzip = await rawGet(pageUrl, { ...authHeaders(token), 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString('utf8'))).toEqual(json);
  });

  it('gives every client the cached page in the encoding it asked for, each form marked Vary: Accept-Encoding', async () => {
    const decoders: Record<string, (body: Buffer) => Buffer> = {
      none: (body) => body,
      gzip: (body) => zlib.gunzipSync(body),
      br: (body) => zlib.brotliDecompressSync(body),
    };
    const clients: [acceptEncoding: string | undefined, expected: 'none' | 'gzip' | 'br'][] = [
      [undefined, 'none'],
      ['identity', 'none'],
      ['gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['zstd', 'none'],
    ];
    const expected = (await rawGet(pageUrl, { ...authHeaders(token), 'accept-encoding': 'identity' })).body;
    // Twice each, interleaved: the first asks may make a form, the later ones are given the kept page's bytes.
    for (const round of [1, 2]) {
      for (const [acceptEncoding, encoding] of clients) {
        const headers = { ...authHeaders(token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) };
        const res = await rawGet(pageUrl, headers);
        const about = `round ${round}, Accept-Encoding: ${acceptEncoding ?? '(none)'}`;
        expect(res.status, about).toBe(200);
        expect(res.headers['content-encoding'], about).toBe(encoding === 'none' ? undefined : encoding);
        expect(res.headers.vary, about).toMatch(/accept-encoding/i);
        expect(res.headers['content-type'], about).toMatch(/^application\/json/);
        expect(Number(res.headers['content-length']), about).toBe(res.body.length);
        expect(decoders[encoding]!(res.body).equals(expected), about).toBe(true);
      }
    }
  });

  it('leaves small answers as they are', async () => {
    const health = await rawGet(`${server.url}/api/health`, { 'accept-encoding': 'br, gzip' });
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString('utf8'))).toMatchObject({ status: 'ok' });
  });
});
