import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProject, registerUser } from '../../test/factories';
import { mediaFixtures } from '../../test/fixtures';
import { startTestServer, stopTestServer, type TestServer } from '../../test/test-server';
import { CONNECTION_IDLE_TIMEOUT_MS } from './app';

interface RawAnswer {
  statusLine: string;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection (rather than the test giving up waiting). */
  closed: boolean;
}

/** Writes `request` as given on a new connection and reads until the server closes it. */
function rawRequest(url: string, request: string | Buffer, waitMs = 5000): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let closed = false;
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => (closed = true));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ statusLine, headers, body, closed });
    });
  });
}

/** The minimal answer to a request the HTTP parser refused: `{error, code}`, framed right, connection closed. */
function expectClientError(answer: RawAnswer, status: number, code: string) {
  expect(answer.statusLine).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers.connection).toBe('close');
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'error']);
  expect(body.code).toBe(code);
  expect(typeof body.error).toBe('string');
  expect(answer.closed).toBe(true);
}

describe('errors raised before any route', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('answers a broken %-escape in the path with 400 bad_url in the error shape', async () => {
    for (const path of ['/api/videos/%ZZ', '/api/videos/%E0%A4%A']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ error: 'The URL is not valid: it has a broken %-escape', code: 'bad_url' });
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers a path parameter over the length limit with 414 param_too_long in the error shape', async () => {
    const res = await fetch(`${server.url}/api/videos/${'1'.repeat(101)}`);
    expect(res.status).toBe(414);
    expect(await res.json()).toEqual({ error: 'A part of the URL is too long', code: 'param_too_long' });
  });

  it.each([
    [
      'bad chunked encoding',
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    ],
    [
      'both Content-Length and Transfer-Encoding',
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
    ],
    ['a space in the path', 'GET /api/ health HTTP/1.1\r\nHost: localhost\r\n\r\n'],
    ['a NUL in the path', 'GET /api/\u0000health HTTP/1.1\r\nHost: localhost\r\n\r\n'],
    ['a header line without a colon', 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nnonsense\r\n\r\n'],
  ])('answers a request the HTTP parser refuses (%s) with 400 bad_request and closes', async (_label, request) => {
    expectClientError(await rawRequest(server.url, request), 400, 'bad_request');
  });

  it('answers headers over the limit with 431 headers_too_large and closes', async () => {
    const request = `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`;
    expectClientError(await rawRequest(server.url, request), 431, 'headers_too_large');
  });

  it('answers garbage sent after a complete answer on a kept-alive connection', async () => {
    const { hostname, port } = new URL(server.url);
    const socket = net.connect(Number(port), hostname);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await vi.waitFor(() => expect(received).toMatch(/"status":"ok"/));
    socket.write('GARBAGE\r\n\r\n');
    await closed;
    const second = received.slice(received.indexOf('HTTP/1.1', 1));
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(second).toMatch(/^HTTP\/1\.1 400 /);
    expect(second).toContain('{"error":"The request is not well-formed HTTP","code":"bad_request"}');
  });

  it('does not answer garbage pipelined after a good request with a 400 the client would take for its answer', async () => {
    const request = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\nGARBAGE\r\n\r\n';
    const answer = await rawRequest(server.url, request);
    // Closed without a word; or, if the good request was answered before the garbage was read, its 200 first.
    expect(answer.statusLine).not.toMatch(/ 400 /);
    expect(answer.closed).toBe(true);
  });

  it('keeps serving after all that', async () => {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});

describe('connections that go quiet', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it(`are closed after ${CONNECTION_IDLE_TIMEOUT_MS / 1000} s without a byte either way`, () => {
    expect(CONNECTION_IDLE_TIMEOUT_MS).toBe(60_000);
    expect(server.app.server.timeout).toBe(CONNECTION_IDLE_TIMEOUT_MS);
  });

  // Waiting a minute is too long for a test: these run with the limit lowered on the running server,
  // which applies it to connections opened from then on.
  it('close a connection whose request body stops arriving', async () => {
    const user = await registerUser(server);
    server.app.server.setTimeout(300);
    try {
      const started = Date.now();
      const answer = await rawRequest(
        server.url,
        'POST /api/projects HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          `Authorization: Bearer ${user.token}\r\nContent-Length: 100\r\n\r\n{"name":`,
        10_000,
      );
      expect(answer.closed).toBe(true);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      server.app.server.setTimeout(CONNECTION_IDLE_TIMEOUT_MS);
    }
  });

  it('do not cut an answer the server is still working on, once the request has arrived', async () => {
    const user = await registerUser(server);
    const project = await createProject(server, user.token);
    // The probe step of the upload takes longer than the (lowered) limit.
    const realProbe = server.ctx.media.probe.bind(server.ctx.media);
    const probe = vi.spyOn(server.ctx.media, 'probe').mockImplementation(async (file) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      return realProbe(file);
    });
    server.app.server.setTimeout(300);
    try {
      const res = await uploadOnNewConnection(server.url, user.token, project.id, mediaFixtures().video);
      expect(probe).toHaveBeenCalledOnce();
      expect(res.status).toBe(201);
      expect(JSON.parse(res.body).video.projectId).toBe(project.id);
    } finally {
      server.app.server.setTimeout(CONNECTION_IDLE_TIMEOUT_MS);
      probe.mockRestore();
    }
  });
});

/** An upload through node:http on a connection of its own (fetch could reuse one opened before). */
function uploadOnNewConnection(
  url: string,
  token: string,
  projectId: number,
  file: string,
): Promise<{ status: number; body: string }> {
  const boundary = 'fanout-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="project_id"\r\n\r\n${projectId}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="video"; filename="clip.mp4"\r\n` +
        'content-type: video/mp4\r\n\r\n',
    ),
    fs.readFileSync(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}/api/upload`, {
      method: 'POST',
      agent: false,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
