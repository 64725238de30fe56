import type { IncomingMessage } from 'node:http';
import Busboy from 'busboy';

/** A request as a platform module sees it: the path is the real one, without the leading `/<host>`. */
export interface EmuRequest {
  method: string;
  /** The real host the client meant (`api.x.com`), or '' for the emulator's own routes (`/_control`). */
  host: string;
  /** The real path (`/2/tweets`). */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Header names lower-case. */
  headers: Record<string, string>;
  raw: IncomingMessage;
  /** The whole body (read once, cached). */
  buffer(): Promise<Buffer>;
  text(): Promise<string>;
  /** The body as JSON; undefined when it is empty or not JSON. */
  json(): Promise<unknown>;
  /** An application/x-www-form-urlencoded body (or an empty one). */
  form(): Promise<URLSearchParams>;
  /** A multipart/form-data body. */
  multipart(): Promise<Multipart>;
  /** `Authorization: Bearer <t>` or `OAuth <t>`, or an `access_token` query/form parameter. */
  bearer(): string | undefined;
}

export interface Multipart {
  fields: Record<string, string>;
  files: { field: string; filename: string; mimeType: string; data: Buffer }[];
}

export interface EmuResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer | object;
}

export type Handler = (req: EmuRequest) => Promise<EmuResponse> | EmuResponse;

interface Route {
  method: string;
  host: string;
  segments: string[];
  handler: Handler;
}

/**
 * Routes by method, real host and real path (`POST api.x.com /2/media/upload/:id/append`). `:name` matches
 * one segment; a segment may also mix text and a parameter (`upload::sid` matches `upload:123`).
 */
export class Router {
  private readonly routes: Route[] = [];

  add(method: string, host: string, pattern: string, handler: Handler) {
    this.routes.push({ method: method.toUpperCase(), host, segments: split(pattern), handler });
  }

  match(method: string, host: string, path: string): { handler: Handler; params: Record<string, string> } | undefined {
    const segments = split(path);
    for (const route of this.routes) {
      if (route.method !== method || route.host !== host || route.segments.length !== segments.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < segments.length && ok; i++) ok = matchSegment(route.segments[i]!, segments[i]!, params);
      if (ok) return { handler: route.handler, params };
    }
    return undefined;
  }

  /** Whether any route exists for this host and path, whatever the method (for 405 answers). */
  knowsPath(host: string, path: string): boolean {
    return ['GET', 'POST', 'PUT', 'DELETE'].some((m) => this.match(m, host, path));
  }
}

function split(path: string): string[] {
  return path.split('/').filter(Boolean).map(decodeURIComponent);
}

function matchSegment(pattern: string, value: string, params: Record<string, string>): boolean {
  // The parameter starts at the last colon, so a literal colon may precede it (`upload::sid`).
  const colon = pattern.lastIndexOf(':');
  if (colon < 0) return pattern === value;
  const prefix = pattern.slice(0, colon);
  if (!value.startsWith(prefix) || value.length === prefix.length) return false;
  params[pattern.slice(colon + 1)] = value.slice(prefix.length);
  return true;
}

export function makeRequest(raw: IncomingMessage, host: string, path: string, query: URLSearchParams): EmuRequest {
  let cached: Promise<Buffer> | undefined;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw.headers))
    if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
  const req: EmuRequest = {
    method: raw.method ?? 'GET',
    host,
    path,
    params: {},
    query,
    headers,
    raw,
    buffer: () =>
      (cached ??= new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        raw.on('data', (c: Buffer) => chunks.push(c));
        raw.on('end', () => resolve(Buffer.concat(chunks)));
        raw.on('error', reject);
      })),
    text: async () => (await req.buffer()).toString('utf8'),
    json: async () => {
      const text = await req.text();
      if (!text) return undefined;
      try {
        return JSON.parse(text);
      } catch {
        return undefined;
      }
    },
    form: async () => new URLSearchParams(await req.text()),
    multipart: () => parseMultipart(raw, headers),
    bearer: () => {
      const auth = headers.authorization ?? '';
      const m = /^(?:Bearer|OAuth)\s+(.+)$/i.exec(auth);
      return m?.[1]?.trim() || query.get('access_token') || undefined;
    },
  };
  return req;
}

function parseMultipart(raw: IncomingMessage, headers: Record<string, string>): Promise<Multipart> {
  return new Promise((resolve, reject) => {
    let bb: Busboy.Busboy;
    try {
      bb = Busboy({ headers: headers as Record<string, string> & { 'content-type': string } });
    } catch (err) {
      reject(err);
      return;
    }
    const out: Multipart = { fields: {}, files: [] };
    bb.on('field', (name, value) => (out.fields[name] = value));
    bb.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () =>
        out.files.push({ field, filename: info.filename ?? '', mimeType: info.mimeType, data: Buffer.concat(chunks) }),
      );
    });
    bb.on('close', () => resolve(out));
    bb.on('error', reject);
    raw.pipe(bb);
  });
}

export const json = (status: number, body: object, headers: Record<string, string> = {}): EmuResponse => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body,
});

export const html = (status: number, body: string): EmuResponse => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body,
});

export const redirect = (location: string): EmuResponse => ({ status: 302, headers: { location } });

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
