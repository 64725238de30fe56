import { createHmac } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deliverWebhook } from './deliver-webhook';
import { isPrivateAddress, isPrivateHostLiteral } from './webhook-address';
import { WEBHOOK_RETRY_WINDOW_MS, webhookRetryDelay } from './webhook-retry';
import { SLOW_RECEIVER_PAUSE_MS, takeReceiverTurn } from './slow-receivers';
import { signWebhookBody, verifyWebhookSignature } from './webhook-signature';

describe('webhook signature', () => {
  it('is the hex HMAC-SHA256 of the exact body with the secret', () => {
    const body = '{"event":{"id":1}}';
    const expected = createHmac('sha256', 'it-is-a-secret').update(body).digest('hex');
    expect(signWebhookBody(body, 'it-is-a-secret')).toBe(`sha256=${expected}`);
    // A known vector (RFC 4231 test case 2), so the encoding is not just agreeing with itself.
    expect(signWebhookBody('what do ya want for nothing?', 'Jefe')).toBe(
      'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    expect(verifyWebhookSignature(body, 'it-is-a-secret', `sha256=${expected}`)).toBe(true);
    expect(verifyWebhookSignature(`${body} `, 'it-is-a-secret', `sha256=${expected}`)).toBe(false);
    expect(verifyWebhookSignature(body, 'another-secret', `sha256=${expected}`)).toBe(false);
  });
});

describe('webhook addresses', () => {
  it('refuses loopback, private, link-local and mapped private addresses; allows public ones', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
    expect(isPrivateHostLiteral(new URL('http://localhost:8080/x'))).toBe(true);
    expect(isPrivateHostLiteral(new URL('http://[::1]/x'))).toBe(true);
    expect(isPrivateHostLiteral(new URL('https://hooks.example.com/x'))).toBe(false);
  });
});

describe('webhook retries', () => {
  it('back off from 30 s, doubling, and stop a day after the first try', () => {
    const start = 0;
    const noJitter = () => 0;
    expect(webhookRetryDelay(1, start, start, noJitter)).toBe(30_000);
    expect(webhookRetryDelay(2, start, start, noJitter)).toBe(60_000);
    expect(webhookRetryDelay(20, start, start, noJitter)).toBe(2 * 3600_000);
    let at = start;
    let tries = 1;
    for (
      let wait = webhookRetryDelay(tries, start, at, noJitter);
      wait !== undefined;
      wait = webhookRetryDelay(tries, start, at, noJitter)
    ) {
      at += wait;
      tries++;
    }
    expect(at).toBeLessThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
    expect(at).toBeGreaterThan(WEBHOOK_RETRY_WINDOW_MS - 2 * 3600_000);
    expect(tries).toBeGreaterThan(10);
  });
});

describe('slow receivers', () => {
  it('are left alone after a try ran into its deadline, then tried once, alone, before the rest follow', () => {
    const server = {};
    const late = { ok: false, reason: 'no answer within 10 s', retry: true, late: true } as const;
    const first = takeReceiverTurn(server, '1 slow.example', 10_000);
    expect(first.go).toBe(true);
    if (first.go) first.done(late);
    expect(takeReceiverTurn(server, '1 slow.example', 10_000)).toEqual({
      go: false,
      reason: "not sent: the receiver's last try had no answer within 10 s",
    });
    // Another project's webhooks to the same host, and the same project's to another host, are not held back.
    expect(takeReceiverTurn(server, '2 slow.example', 10_000).go).toBe(true);
    expect(takeReceiverTurn(server, '1 other.example', 10_000).go).toBe(true);

    const later = Date.now() + SLOW_RECEIVER_PAUSE_MS + 1;
    const probe = takeReceiverTurn(server, '1 slow.example', 10_000, later);
    expect(probe.go).toBe(true);
    expect(takeReceiverTurn(server, '1 slow.example', 10_000, later).go).toBe(false);
    if (probe.go) probe.done({ ok: false, reason: 'answered HTTP 500', retry: true });
    expect(takeReceiverTurn(server, '1 slow.example', 10_000).go).toBe(true);
    expect(takeReceiverTurn(server, '1 slow.example', 10_000).go).toBe(true);
  });
});

describe('deliverWebhook', () => {
  let server: http.Server;
  let url: string;
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        if (req.url === '/moved') res.writeHead(302, { location: '/hook' }).end();
        else if (req.url === '/broken') res.writeHead(500).end();
        else res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const delivery = (path: string, allowPrivate: boolean) => ({
    url: `${url}${path}`,
    secret: 'shared-secret',
    body: '{"hello":"world"}',
    eventId: 7,
    allowPrivate,
    timeoutMs: 10_000,
    userAgent: 'Fanout-Webhooks/test',
  });

  it('posts the signed body with the event id when private addresses are allowed', async () => {
    received.length = 0;
    expect(await deliverWebhook(delivery('/hook', true))).toEqual({ ok: true, status: 204 });
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got!.body).toBe('{"hello":"world"}');
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['x-fanout-event-id']).toBe('7');
    expect(verifyWebhookSignature(got!.body, 'shared-secret', got!.headers['x-fanout-signature'] as string)).toBe(true);
  });

  it('refuses a loopback receiver, without sending, when they are not allowed', async () => {
    received.length = 0;
    const result = await deliverWebhook(delivery('/hook', false));
    expect(result).toMatchObject({ ok: false, retry: false, reason: expect.stringContaining('private address') });
    expect(received).toHaveLength(0);
  });

  it('does not follow a redirect, and counts it and a 5xx as failures to retry', async () => {
    received.length = 0;
    expect(await deliverWebhook(delivery('/moved', true))).toMatchObject({ ok: false, retry: true });
    expect(received.map((r) => r)).toHaveLength(1);
    expect(await deliverWebhook(delivery('/broken', true))).toMatchObject({
      ok: false,
      retry: true,
      reason: 'answered HTTP 500',
    });
  });

  it('gives up a try at its deadline, whether the receiver trickles bytes or never answers', async () => {
    // One receiver sends the start of an answer a byte at a time and never finishes it (every byte would reset a
    // socket timeout); the other takes the connection and says nothing.
    const open = new Set<net.Socket>();
    const track = (socket: net.Socket) => {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {});
      // Reads (and drops) the request, so that the client's hang-up is seen.
      socket.resume();
    };
    const slow = net.createServer((socket) => {
      track(socket);
      socket.write('HTTP/1.1 200 OK\r\nX-Slow: ');
      const drip = setInterval(() => socket.write('a'), 100);
      socket.on('close', () => clearInterval(drip));
    });
    const silent = net.createServer(track);
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      for (const server of [slow, silent]) {
        const result = await deliverWebhook({
          ...delivery('/hook', true),
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
          timeoutMs: 1_000,
        });
        expect(result).toEqual({ ok: false, reason: 'no answer within 1 s', retry: true, late: true });
      }
      // The deadline closed both connections: nothing is left holding a socket.
      await vi.waitFor(() => expect(open.size).toBe(0));
    } finally {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
