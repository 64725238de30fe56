import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// The server writes PRODUCT_NAME over this slot (PRODUCT_NAME_SLOT in src/prerender/landing.tsx).
const LANDING_TITLE = '__FANOUT_PRODUCT_NAME__ – Videos einmal hochladen, überall veröffentlichen';
const LANDING_DESCRIPTION =
  'Lade Videos einmal hoch und veröffentliche oder plane sie auf Instagram, TikTok, YouTube, Facebook, X und Reddit. Keine Kreditkarte erforderlich.';

/**
 * After the client build: writes dist/landing.html (the landing page rendered to HTML, served for
 * /landing) and a .br and .gz copy of every text asset for servers that send pre-compressed files.
 * The landing page keeps no script: it is plain HTML and CSS whose links load the app.
 */
export function prerenderLanding(alias: Record<string, string>): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'fanout-prerender-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'error',
        resolve: { alias },
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
      });
      try {
        const { renderLanding } = (await server.ssrLoadModule('/src/prerender/landing.tsx')) as {
          renderLanding: () => string;
        };
        const shell = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
        const page = shell
          .replace('<html lang="en">', '<html lang="de">')
          .replace(/<title>.*<\/title>/, `<title>${LANDING_TITLE}</title>`)
          .replace(
            /<meta name="description" content="[^"]*" \/>/,
            `<meta name="description" content="${LANDING_DESCRIPTION}" />`,
          )
          .replace('<div id="root"></div>', `<div id="root">${renderLanding()}</div>`)
          .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, '')
          .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
        await fs.writeFile(path.join(outDir, 'landing.html'), await inlineLandingCss(page, root));
      } finally {
        await server.close();
      }
      await compressAssets(outDir);
    },
  };
}

/**
 * The landing page carries its stylesheet inline: it then paints from the HTML alone, without waiting for a
 * CSS download. Not the app's whole stylesheet: Tailwind builds one from the classes this page's HTML uses
 * (the page runs no script, so its HTML is all it will ever show), a third of the size and of the work of
 * matching it.
 */
async function inlineLandingCss(html: string, root: string): Promise<string> {
  const { compile, optimize } = await import('@tailwindcss/node');
  const { Scanner } = await import('@tailwindcss/oxide');
  const cssFile = path.join(root, 'src/index.css');
  const compiler = await compile(await fs.readFile(cssFile, 'utf8'), {
    base: path.dirname(cssFile),
    onDependency: () => {},
  });
  const candidates = new Scanner({}).scanFiles([{ content: html, extension: 'html' }]);
  const css = optimize(compiler.build(candidates), { minify: true }).code;
  return html.replace(/<link rel="stylesheet"[^>]*>/, () => `<style>${css}</style>`);
}

async function compressAssets(dir: string) {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && /\.(js|css|html|svg|json)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
  await Promise.all(
    files.map(async (file) => {
      const content = await fs.readFile(file);
      if (content.length < 1024) return;
      await fs.writeFile(`${file}.br`, await brotli(content));
      await fs.writeFile(`${file}.gz`, await gzip(content, { level: 9 }));
    }),
  );
}
