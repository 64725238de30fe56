import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The route of the public landing page (apps/web router) and the build's prerendered copy of it. */
const LANDING_ROUTE = '/landing';
const LANDING_FILE = 'landing.html';

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
export async function registerWebApp(app: FastifyInstance, distDir: string) {
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
    if (fs.existsSync(path.join(distDir, LANDING_FILE))) {
      // The landing page as HTML, so that it paints before any script has loaded.
      app.get(LANDING_ROUTE, { schema: { hide: true } }, (_request, reply) => reply.sendFile(LANDING_FILE));
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
