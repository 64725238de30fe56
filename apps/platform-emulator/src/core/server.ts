import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, type Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EmulatorContext, PlatformModule } from './context';
import { AppStages } from './app-stages';
import { registerControl } from './control';
import { Faults } from './faults';
import { MediaChecks } from './media-checks';
import { fileResponse, json, makeRequest, Router, type EmuResponse, type Handler } from './http';
import { OAuth } from './oauth';
import { Published } from './published';
import { withRequestFault } from './request-faults';
import { Store } from './store';

export interface EmulatorOptions {
  /** Where state and uploaded bytes are kept (survive restarts). */
  dataDir: string;
  /** Default 0 (a free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The address browsers reach it at (post pages, avatars); default its own address. */
  publicUrl?: string;
  modules: readonly PlatformModule[];
  /** For tests that move time; default Date.now. */
  now?: () => number;
  /** The ffprobe the platforms' processing reads uploads with; default FFPROBE_PATH, else `ffprobe` on the PATH. */
  ffprobePath?: string;
}

export interface RunningEmulator {
  /** `http://127.0.0.1:<port>`: requests to `https://<host>/<path>` go to `<url>/<host>/<path>`. */
  url: string;
  publicUrl: string;
  ctx: EmulatorContext;
  close(): Promise<void>;
}

/** Starts the emulator: every platform module's routes, the control API, avatars and stored media. */
export async function startEmulator(opts: EmulatorOptions): Promise<RunningEmulator> {
  const store = new Store(opts.dataDir);
  const now = opts.now ?? Date.now;
  const router = new Router();
  const server = http.createServer();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const listenHost = opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1';
  const url = `http://${listenHost}:${port}`;
  const publicUrl = (opts.publicUrl ?? url).replace(/\/$/, '');

  const media = new MediaChecks(store, opts.ffprobePath ?? process.env.FFPROBE_PATH ?? 'ffprobe');
  const ctx: EmulatorContext = {
    store,
    oauth: new OAuth(store, now),
    faults: new Faults(store),
    media,
    published: new Published(store, media),
    stages: new AppStages(store),
    now,
    apiUrl: (host, path) => `${url}/${host}${path}`,
    pageUrl: (host, path) => `${publicUrl}/${host}${path}`,
    avatarUrl: (platform, accountId) =>
      `${publicUrl}/_avatar/${encodeURIComponent(platform)}/${encodeURIComponent(accountId)}.svg`,
    mediaUrl: (blobId) => `${publicUrl}/_media/${encodeURIComponent(blobId)}`,
  };

  const names = new Map(opts.modules.map((m) => [m.platform, m.name]));
  registerControl(router, ctx, () => undefined);
  router.add('GET', '', '/_avatar/:platform/:file', (req) => ({
    status: 200,
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' },
    body: avatarSvg(names.get(req.params.platform!) ?? req.params.platform!, req.params.file!),
  }));
  router.add('GET', '', '/_media/:blob', (req) => {
    const file = store.blobPath(req.params.blob!);
    if (!fs.existsSync(file)) return json(404, { error: 'no such media' });
    return fileResponse(file, 'video/mp4');
  });

  for (const module of opts.modules) {
    module.register(
      {
        route: (method, host, pattern, step, handler) =>
          router.add(method, host, pattern, withFaults(module, step, handler)),
      },
      ctx,
    );
  }

  function withFaults(module: PlatformModule, step: string, handler: Handler): Handler {
    return (req) => withRequestFault(ctx, module.platform, step, module.errors, req, () => handler(req));
  }

  server.on('request', (raw, res) => {
    void (async () => {
      let answer: EmuResponse;
      let parts: { store: Store; blobId: string }[] = [];
      try {
        const parsed = new URL(raw.url ?? '/', 'http://emulator');
        const [first = '', ...rest] = parsed.pathname.split('/').filter(Boolean);
        const own = first.startsWith('_');
        const host = own ? '' : first;
        const path = own
          ? parsed.pathname
          : `/${rest.join('/')}${parsed.pathname.endsWith('/') && rest.length ? '/' : ''}`;
        const found = router.match(raw.method ?? 'GET', host, path);
        if (!found) {
          answer = router.knowsPath(host, path)
            ? json(405, { error: `method ${raw.method} not allowed on ${path}` })
            : json(404, { error: `no such endpoint: ${raw.method} https://${host}${path}` });
        } else {
          const made = makeRequest(raw, host, path, parsed.searchParams);
          parts = made.parts;
          made.req.params = found.params;
          answer = await found.handler(made.req);
        }
        // The state a client is about to be told about is on disk first (with the other answers of this turn).
        await store.flush();
      } catch (err) {
        answer = json(500, { error: `emulator error: ${(err as Error).message}` });
      } finally {
        // Files a multipart body streamed in that the route did not keep.
        for (const part of parts) part.store.removeBlob(part.blobId);
      }
      send(res, answer);
    })();
  });

  // Upgraded sockets leave the HTTP server's bookkeeping: kept here so that close() ends them too.
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (raw: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    if (!opts.modules.some((m) => m.upgrade?.(raw, socket, head, ctx))) socket.destroy();
  });

  return {
    url,
    publicUrl,
    ctx,
    close: async () => {
      ctx.faults.releaseAll();
      for (const socket of [...upgraded]) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      store.persist();
    },
  };
}

function send(res: http.ServerResponse, answer: EmuResponse) {
  if (answer.body instanceof Readable) {
    const stream = answer.body;
    if (res.headersSent || res.destroyed) return void stream.destroy();
    res.writeHead(answer.status, answer.headers);
    // A client that goes away mid-file ends the read too.
    void pipeline(stream, res).catch(() => undefined);
    return;
  }
  if (res.headersSent || res.destroyed) return;
  const body =
    answer.body === undefined
      ? undefined
      : typeof answer.body === 'string' || Buffer.isBuffer(answer.body)
        ? answer.body
        : JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    ...(typeof answer.body === 'object' && !Buffer.isBuffer(answer.body) && !answer.headers?.['content-type']
      ? { 'content-type': 'application/json; charset=utf-8' }
      : {}),
    ...answer.headers,
  });
  res.end(body);
}

function avatarSvg(platformName: string, file: string): string {
  const id = file.replace(/\.svg$/, '');
  let hash = 0;
  for (const c of id) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const letter = (platformName[0] ?? '?').toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="hsl(${hue} 60% 45%)"/><text x="48" y="60" font-family="sans-serif" font-size="44" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
}
