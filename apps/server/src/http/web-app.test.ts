import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, startTestServer, stopTestServer, type TestServer } from '../../test/test-server';
import { rawGet } from '../../test/raw-get';

const HEADING = 'Ein Video. Sechs Plattformen.';
const ASSET = '/assets/index-Ab12Cd34.js';
const assetSource = `export const greeting = ${JSON.stringify('hallo '.repeat(400))};\n`;

/** A web build as `npm run build` lays it out: the SPA shell, the prerendered landing page, compressed copies. */
function writeWebBuild(dir: string) {
  fs.mkdirSync(path.join(dir, 'assets'));
  const shell = `<!doctype html><html lang="en"><head><script type="module" src="${ASSET}"></script></head><body><div id="root"></div></body></html>`;
  fs.writeFileSync(path.join(dir, 'index.html'), shell);
  // As the build leaves it: the product name still a slot for the server to fill.
  const landing = shell
    .replace(
      '<head>',
      '<head><title>__FANOUT_PRODUCT_NAME__ – Startseite</title><link rel="modulepreload" href="/assets/vendor-Xy.js">',
    )
    .replace(
      '<div id="root"></div>',
      `<div id="root"><main><h1>${HEADING}</h1><p>__FANOUT_PRODUCT_NAME__</p></main></div>`,
    );
  fs.writeFileSync(path.join(dir, 'landing.html'), landing);
  fs.writeFileSync(path.join(dir, 'landing.html.br'), zlib.brotliCompressSync(landing));
  fs.writeFileSync(path.join(dir, 'landing.html.gz'), zlib.gzipSync(landing));
  const asset = path.join(dir, ASSET);
  fs.writeFileSync(asset, assetSource);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(assetSource));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(assetSource));
}

describe('web app', () => {
  let server: TestServer;
  let webDir: string;
  beforeAll(async () => {
    webDir = makeTempDir('fanout-web-');
    writeWebBuild(webDir);
    server = await startTestServer({ WEB_DIST_DIR: webDir, PRODUCT_NAME: 'Clips & <Co>' });
  });
  afterAll(async () => {
    await stopTestServer(server);
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('answers /landing with the prerendered page, its heading in the HTML itself', async () => {
    const res = await fetch(`${server.url}/landing`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toContain(`<h1>${HEADING}</h1>`);
  });

  it('sends the landing page without any of the app’s scripts, the product name filled in', async () => {
    const res = await fetch(`${server.url}/landing`);
    const html = await res.text();
    expect(html).toContain(`<h1>${HEADING}</h1>`);
    expect(html).not.toMatch(/<script\b/i);
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain(ASSET);
    expect(html).toContain('<title>Clips &amp; &lt;Co&gt; – Startseite</title>');
    expect(html).toContain('<p>Clips &amp; &lt;Co&gt;</p>');
  });

  it('answers a landing page the browser already has with 304', async () => {
    const first = await fetch(`${server.url}/landing`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${server.url}/landing`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('sends the landing page brotli-compressed to a browser that accepts it', async () => {
    const res = await fetch(`${server.url}/landing`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends a hashed asset as its .br copy with a year-long immutable cache', async () => {
    const res = await rawFetch(ASSET, 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(assetSource);
  });

  it('sends the .gz copy where brotli is not accepted, and the file itself where neither is', async () => {
    const gz = await rawFetch(ASSET, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(assetSource);

    const plain = await rawFetch(ASSET, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(assetSource);
  });

  it('serves the app shell, not cached, for other page paths', async () => {
    const res = await fetch(`${server.url}/videos`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(HEADING);
  });

  it("sends the strict Content-Security-Policy with the app's pages: scripts only from this origin, no eval", async () => {
    for (const page of ['/landing', '/', '/security']) {
      const csp = (await fetch(`${server.url}${page}`)).headers.get('content-security-policy') ?? '';
      const directives = new Map(csp.split(';').map((d) => [d.trim().split(' ')[0], d.trim()]));
      expect(directives.get('default-src'), page).toBe("default-src 'self'");
      expect(directives.get('script-src'), page).toBe("script-src 'self'");
      expect(directives.get('object-src'), page).toBe("object-src 'none'");
      expect(directives.get('frame-ancestors'), page).toBe("frame-ancestors 'none'");
    }
  });

  it('answers a missing file with 404, not with the app shell', async () => {
    // A compressed copy is picked by Accept-Encoding only, never fetched by its own name.
    for (const pathname of [`${ASSET}.br`, '/assets/index-Old12345.js', '/robots.txt']) {
      const res = await fetch(`${server.url}${pathname}`);
      expect(res.status, pathname).toBe(404);
      expect(await res.text(), pathname).not.toContain('<div id="root">');
    }
  });

  function rawFetch(pathname: string, acceptEncoding: string) {
    return rawGet(`${server.url}${pathname}`, { 'accept-encoding': acceptEncoding });
  }
});
