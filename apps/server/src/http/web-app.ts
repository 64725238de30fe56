import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The route of the public landing page (apps/web router) and the build's prerendered copy of it. */
const LANDING_ROUTE = '/landing';
const LANDING_FILE = 'landing.html';
/** Where the prerendered page leaves the product name (apps/web/src/prerender/landing.tsx). */
const PRODUCT_NAME_SLOT = '__FANOUT_PRODUCT_NAME__';

export interface WebAppOptions {
  /** PRODUCT_NAME, written into the landing page. */
  productName?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The landing page as it is sent: the build's HTML with the product name filled in and without any script
 * (none is needed to read it, and its links load the app), compressed once at start.
 */
export function landingPage(html: string, productName: string) {
  const page = Buffer.from(
    html
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, '')
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>\s*/g, '')
      .replaceAll(PRODUCT_NAME_SLOT, escapeHtml(productName)),
  );
  return {
    identity: page,
    br: zlib.brotliCompressSync(page),
    gzip: zlib.gzipSync(page, { level: 9 }),
    etag: `"${createHash('sha256').update(page).digest('base64url').slice(0, 27)}"`,
  };
}

function sendLanding(page: ReturnType<typeof landingPage>, request: FastifyRequest, reply: FastifyReply) {
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Encoding')
    .header('etag', page.etag);
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.identity);
}

/**
 * Serves the built web app. Paths that are not files get index.html (history-API routing);
 * /api and /uploads paths never do, so a mistyped API call is a JSON 404, not a page. Nor do
 * missing paths that name a file (/robots.txt, a chunk of an older build): HTML in place of a script
 * or a robots file only hides the miss.
 *
 * The build writes a .br and .gz copy next to each larger text file: a client that accepts one of
 * them gets that copy. Hashed files under assets/ never change and are cached for a year; every
 * other file (HTML above all) is revalidated on each visit so that a new build shows at once.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, options: WebAppOptions = {}) {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are picked by Accept-Encoding, not fetched by their own names.
      globIgnore: ['**/*.br', '**/*.gz'],
      // Cache-Control comes from setHeaders alone.
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
    const landingFile = path.join(distDir, LANDING_FILE);
    if (fs.existsSync(landingFile)) {
      // The landing page as HTML and CSS alone: it paints at once and runs no script until a link is followed.
      const page = landingPage(fs.readFileSync(landingFile, 'utf8'), options.productName ?? 'Fanout');
      app.get(LANDING_ROUTE, { schema: { hide: true } }, (request, reply) => sendLanding(page, request, reply));
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/uploads/');
    const namesFile = /\.[^/]+$/.test(pathname);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !namesFile;
    if (!isApi && wantsPage && hasBuild) {
      return reply.sendFile('index.html');
    }
    if (!isApi && wantsPage) {
      return reply
        .code(503)
        .send({ error: 'The web app has not been built yet: run npm run build', code: 'web_not_built' });
    }
    return reply.code(404).send({ error: `No route for ${request.method} ${pathname}`, code: 'not_found' });
  });
}
