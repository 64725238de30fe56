import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const LANDING_TITLE = 'Videos einmal hochladen, überall veröffentlichen';
const LANDING_DESCRIPTION =
  'Lade Videos einmal hoch und veröffentliche oder plane sie auf Instagram, TikTok, YouTube, Facebook, X und Reddit. Keine Kreditkarte erforderlich.';

/**
 * After the client build: writes dist/landing.html (the landing page rendered to HTML, served for
 * /landing) and a .br and .gz copy of every text asset for servers that send pre-compressed files.
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
        const page = (await inlineStylesheets(shell, outDir))
          .replace('<html lang="en">', '<html lang="de">')
          .replace(/<title>.*<\/title>/, `<title>${LANDING_TITLE}</title>`)
          .replace(
            /<meta name="description" content="[^"]*" \/>/,
            `<meta name="description" content="${LANDING_DESCRIPTION}" />`,
          )
          .replace('<div id="root"></div>', `<div id="root">${renderLanding()}</div>`);
        await fs.writeFile(path.join(outDir, 'landing.html'), page);
      } finally {
        await server.close();
      }
      await compressAssets(outDir);
    },
  };
}

/**
 * The landing page carries its stylesheet inline: it then paints from the HTML alone instead of
 * waiting for a CSS download that competes with the scripts for bandwidth.
 */
async function inlineStylesheets(html: string, dir: string): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g)];
  let result = html;
  for (const [tag, href] of links) {
    const css = await fs.readFile(path.join(dir, href!), 'utf8');
    result = result.replace(tag, () => `<style>${css}</style>`);
  }
  return result;
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
