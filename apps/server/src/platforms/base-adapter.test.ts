import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BaseAdapter, rewrite, type AdapterOptions } from './base-adapter';
import { escalateUnrecognized, PlatformError } from './platform-error';

/** A platform that answers whatever the test asks for at /<host>/<status>/<body>. */
let server: http.Server;
let base = '';
const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ url: req.url!, headers: req.headers });
    const [, , status, body] = req.url!.split('?')[0]!.split('/');
    if (status === 'hang') return; // never answers
    if (status === 'trickle') {
      // Headers at once, then a byte every 50 ms, never ending: each byte resets a per-chunk timeout.
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (status === 'huge') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(Buffer.alloc(17 * 1024 * 1024, 0x20));
      return;
    }
    res.writeHead(Number(status), status === '429' ? { 'retry-after': '120' } : {});
    res.end(decodeURIComponent(body ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

class ProbeAdapter extends BaseAdapter {
  readonly platform = 'x' as const;
  readonly usesPkce = false;
  readonly scopes = [];
  authorizeUrl = () => this.browserEndpoint('https://x.com/i/oauth2/authorize?state=s');
  exchangeCode = () => Promise.reject(new Error('unused'));
  refresh = () => Promise.reject(new Error('unused'));
  profile = () => Promise.reject(new Error('unused'));
  publishStep = () => Promise.reject(new Error('unused'));
  findPost = () => Promise.resolve(null);
  postStatus = () => Promise.reject(new Error('unused'));
  metrics = () => Promise.reject(new Error('unused'));
  call(path: string, timeoutMs?: number) {
    return this.requestJson('probe', `https://api.x.com${path}?access_token=secret`, { timeoutMs });
  }
}

const adapter = (extra: Partial<AdapterOptions> = {}) =>
  new ProbeAdapter({
    credentials: { clientId: 'c', clientSecret: 's' },
    emulator: { apiUrl: base, browserUrl: 'http://localhost:9999' },
    log: { debug() {}, warn() {} },
    userAgent: 'web:fanout-tests:0.1.0 (by /u/fanout-tests)',
    ...extra,
  });

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a PlatformError');
    },
    (err: unknown) => {
      if (!(err instanceof PlatformError)) throw err;
      return err;
    },
  );

describe('the adapters’ HTTP base', () => {
  it('sends a real platform URL to the emulator in sandbox mode, with the User-Agent, and browsers to its page address', async () => {
    const { data } = await adapter().call(`/200/${encodeURIComponent('{"ok":true}')}`);
    expect(data).toEqual({ ok: true });
    expect(seen.at(-1)!.url).toBe('/api.x.com/200/%7B%22ok%22%3Atrue%7D?access_token=secret');
    expect(seen.at(-1)!.headers['user-agent']).toBe('web:fanout-tests:0.1.0 (by /u/fanout-tests)');
    expect(adapter().authorizeUrl()).toBe('http://localhost:9999/x.com/i/oauth2/authorize?state=s');
    expect(rewrite('https://api.x.com/2/tweets', undefined)).toBe('https://api.x.com/2/tweets');
    expect(rewrite(`${base}/upload.example/session/1`, base)).toBe(`${base}/upload.example/session/1`);
  });

  it('sorts answers it has no envelope for by status: 401, 429 with its Retry-After, 5xx, other 4xx', async () => {
    expect((await failure(adapter().call('/401/no'))).kind).toBe('auth_expired');
    const limited = await failure(adapter().call('/429/slow'));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.retryAfterMs()).toBeGreaterThan(110_000);
    expect((await failure(adapter().call('/503/down'))).kind).toBe('retryable');
    const rejected = await failure(adapter().call('/400/bad%20field'));
    expect([rejected.kind, rejected.httpStatus, rejected.platformMessage]).toEqual(['rejected', 400, 'bad field']);
  });

  it('retries a reply it cannot read once, then rejects it with the raw text: never a silent success', async () => {
    const first = await failure(adapter().call('/200/%3Chtml%3Eoops'));
    expect([first.kind, first.unrecognized, first.platformMessage]).toEqual(['retryable', true, '<html>oops']);
    const second = escalateUnrecognized(await failure(adapter().call('/200/%3Chtml%3Eoops')), first);
    expect([second.kind, second.platformMessage]).toEqual(['rejected', '<html>oops']);
    expect(escalateUnrecognized(first, undefined).kind).toBe('retryable');
  });

  it('gives up on a platform that does not answer in time, as retryable, and names no token', async () => {
    const err = await failure(adapter().call('/hang', 200));
    expect(err.kind).toBe('retryable');
    expect(err.message).not.toContain('secret');
  });

  it('gives up on an answer that trickles in past the deadline, though each byte comes in time', async () => {
    const err = await failure(adapter().call('/trickle', 300));
    expect([err.kind, err.message]).toEqual(['retryable', 'x probe: the answer was cut off']);
  });

  it('refuses an answer larger than any platform sends, without keeping it', async () => {
    const err = await failure(adapter().call('/huge'));
    expect([err.kind, err.message]).toEqual(['retryable', 'x probe: the answer was too large']);
  });
});
