import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, stopTestServer, type TestServer } from '../../test/test-server';
import {
  postToX,
  publisher,
  settled,
  uniqueCaption,
  uploadedVideo,
} from '../services/publishing/publishing-test-support';
import { buildApp } from './app';

describe('request ids, logs and metrics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('gives every request an id of its own, sends it back, and writes it on the request’s log lines', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = await buildApp({ ...server.ctx, log: pino({ level: 'info', base: undefined }, stream) });
    try {
      const first = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a' } });
      const second = await app.inject({ method: 'GET', url: '/api/health' });
      const id = first.headers['x-request-id'] as string;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      // Made by the server, not taken from the request; each request has its own.
      expect(second.headers['x-request-id']).not.toBe(id);
      const own = lines.filter((l) => l.reqId === id);
      expect(own.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
      expect(own.find((l) => l.msg === 'request completed')).toMatchObject({ res: { statusCode: 200 } });
      // What a proxy in front called it is kept beside it.
      expect(own.some((l) => l.upstreamId === 'lb-7f3a')).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('serves Prometheus metrics: requests by route template, job queue depth and lateness, publish outcomes', async () => {
    const who = await publisher(server);
    const videoId = await uploadedVideo(server, who);
    const post = await postToX(who, videoId, uniqueCaption('Metrics'));
    expect((await settled(who, post.id)).status).toBe('published');
    await fetch(`${server.url}/api/posts/${post.id}`, { headers: { authorization: `Bearer ${who.token}` } });

    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^fanout_http_requests_total\{method="GET",route="\/api\/posts\/:id",status="200"\} \d+/m);
    expect(text).toMatch(
      /^fanout_http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/api\/posts\/:id",status="200"\} \d+/m,
    );
    expect(text).toMatch(/^fanout_publish_outcomes_total\{platform="x",outcome="published"\} [1-9]\d*/m);
    expect(text).toMatch(/^fanout_job_lateness_seconds_count\{queue="posts\.publish"\} [1-9]\d*/m);
    expect(text).toMatch(/^fanout_job_queue_depth\{queue="[^"]+",state="(due|scheduled|active)"\} \d+/m);
    expect(text).toMatch(/^fanout_process_resident_memory_bytes \d+/m);
  });

  it('keeps /metrics to this machine: a request forwarded by a proxy is refused', async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'forbidden' });
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: 'scrape-token-0123456789' });
  });
  afterAll(() => stopTestServer(server));

  it('answers only with the token, from any address', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(403);
    const wrong = await fetch(`${server.url}/metrics`, {
      headers: { authorization: 'Bearer scrape-token-0000000000' },
    });
    expect(wrong.status).toBe(403);
    const right = await fetch(`${server.url}/metrics`, {
      headers: { authorization: 'Bearer scrape-token-0123456789', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('fanout_http_requests_total');
  });
});
