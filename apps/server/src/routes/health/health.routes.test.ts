import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

describe('health, config, docs and error shape', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ BRANDS: 'studio.example.com=Example Studio', UPLOAD_MAX_BYTES: '1048576' });
  });
  afterAll(() => stopTestServer(server));

  it('answers the health probe after checking the database', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', db: 'ok' });
  });

  it('names the product by host, default otherwise', async () => {
    // fetch() does not let a caller set Host, so this one goes through node:http.
    const branded = await getWithHost(`${server.url}/api/config`, 'studio.example.com');
    expect(JSON.parse(branded).productName).toBe('Example Studio');
    const plain = await fetch(`${server.url}/api/config`);
    expect(((await plain.json()) as { productName: string }).productName).toBe('Fanout');
  });

  it('tells the web app the largest upload it accepts', async () => {
    const config = (await (await fetch(`${server.url}/api/config`)).json()) as { uploads: { maxBytes: number } };
    expect(config.uploads).toEqual({ maxBytes: 1048576 });
  });

  it('tells the web app whether PUBLIC_URL is an internet address, where Instagram can fetch a cover image', async () => {
    const local = (await (await fetch(`${server.url}/api/config`)).json()) as { covers: unknown };
    expect(local.covers).toEqual({ publicAddress: false });
    const open = await startTestServer({ PUBLIC_URL: 'https://fanout.example.com' });
    try {
      const config = (await (await fetch(`${open.url}/api/config`)).json()) as { covers: unknown };
      expect(config.covers).toEqual({ publicAddress: true });
    } finally {
      await stopTestServer(open);
    }
  });

  it('serves the OpenAPI document and a docs page', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/health');
    const page = await fetch(`${server.url}/api/docs`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
  });

  it('answers unknown API paths with a JSON 404 in the error shape', async () => {
    const res = await fetch(`${server.url}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'No route for GET /api/nope', code: 'not_found' });
  });

  it('sends security headers', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('tells browsers and proxies to keep no copy of API answers, which carry tokens and secrets', async () => {
    const { token } = await registerUser(server);
    const setup = await fetch(`${server.url}/api/auth/2fa/setup`, { method: 'POST', headers: authHeaders(token) });
    expect(setup.status).toBe(200);
    expect(setup.headers.get('cache-control')).toBe('no-store');
    const refused = await fetch(`${server.url}/api/auth/me`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});

function getWithHost(url: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host } }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}
