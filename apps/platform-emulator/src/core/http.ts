import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import Busboy from 'busboy';
import type { Store } from './store';

/**
 * A multipart file larger than this is not read into memory (`tooLarge`): a route that takes videos streams its
 * files into blobs instead (`multipart({toBlobs})`).
 */
export const MAX_FILE_IN_MEMORY = 16 * 1024 * 1024;

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
  /** The body as it arrives, for a route that streams it into a blob (Store.receiveBlob). */
  body(): AsyncIterable<Buffer>;
  /** The whole body (read once, cached): for small bodies (JSON, forms, metadata), never a video. */
  buffer(): Promise<Buffer>;
  text(): Promise<string>;
  /** The body as JSON; undefined when it is empty or not JSON. */
  json(): Promise<unknown>;
  /** An application/x-www-form-urlencoded body (or an empty one). */
  form(): Promise<URLSearchParams>;
  /**
   * A multipart/form-data body. Files go to memory, at most `maxFileBytes` each (default MAX_FILE_IN_MEMORY), or
   * with `toBlobs` each into a blob of its own as it arrives (up to `maxFileBytes`, which it then needs), removed
   * once the answer is sent unless the route moved it (Store.moveBlob) or copied it; `md5` hashes them on the way.
   */
  multipart(o?: { maxFileBytes?: number; toBlobs?: Store; md5?: boolean }): Promise<Multipart>;
  /** `Authorization: Bearer <t>` or `OAuth <t>`, or an `access_token` query/form parameter. */
  bearer(): string | undefined;
}

export interface Multipart {
  fields: Record<string, string>;
  files: MultipartFile[];
}

export interface MultipartFile {
  field: string;
  filename: string;
  mimeType: string;
  /** Its bytes, when read into memory (empty when it went to a blob). */
  data: Buffer;
  /** The blob it was streamed into, with `toBlobs`. */
  blobId?: string;
  /** Its size: all of it, counted even past the limit. */
  size: number;
  /** Larger than the limit: only part of it was kept, or none. */
  tooLarge: boolean;
  /** Its MD5 in hex, when asked for (S3's ETag). */
  md5?: string;
}

export interface EmuResponse {
  status: number;
  headers?: Record<string, string>;
  /** A Readable is piped to the client (a stored file, served without reading it whole). */
  body?: string | Buffer | Readable | object;
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

/** A request, and the blobs its multipart files were streamed into (removed once it is answered). */
export function makeRequest(
  raw: IncomingMessage,
  host: string,
  path: string,
  query: URLSearchParams,
): { req: EmuRequest; parts: { store: Store; blobId: string }[] } {
  let cached: Promise<Buffer> | undefined;
  const parts: { store: Store; blobId: string }[] = [];
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
    body: () => raw,
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
    multipart: (o = {}) =>
      parseMultipart(raw, headers, {
        maxFileBytes: o.maxFileBytes ?? MAX_FILE_IN_MEMORY,
        toBlob: o.toBlobs && blobSink(o.toBlobs, parts, o.md5 === true),
      }),
    bearer: () => {
      const auth = headers.authorization ?? '';
      const m = /^(?:Bearer|OAuth)\s+(.+)$/i.exec(auth);
      return m?.[1]?.trim() || query.get('access_token') || undefined;
    },
  };
  return { req, parts };
}

/** Where a multipart file goes when it is streamed: a new blob, remembered to be removed after the answer. */
function blobSink(store: Store, parts: { store: Store; blobId: string }[], md5: boolean) {
  return async (file: Readable, maxBytes: number) => {
    const blobId = `part-${randomUUID()}`;
    parts.push({ store, blobId });
    const hash = md5 ? createHash('md5') : undefined;
    const got = await store.receiveBlob(blobId, 0, file, { maxBytes, observe: hash && ((c) => hash.update(c)) });
    return {
      blobId,
      size: got.bytes,
      tooLarge: !got.ok && got.reason === 'too_large',
      ...(hash ? { md5: hash.digest('hex') } : {}),
    };
  };
}

type BlobSink = ReturnType<typeof blobSink>;

function parseMultipart(
  raw: IncomingMessage,
  headers: Record<string, string>,
  o: { maxFileBytes: number; toBlob?: BlobSink },
): Promise<Multipart> {
  return new Promise((resolve, reject) => {
    let bb: Busboy.Busboy;
    try {
      bb = Busboy({ headers: headers as Record<string, string> & { 'content-type': string } });
    } catch (err) {
      reject(err);
      return;
    }
    const out: Multipart = { fields: {}, files: [] };
    const pending: Promise<unknown>[] = [];
    bb.on('field', (name, value) => (out.fields[name] = value));
    bb.on('file', (field, stream, info) => {
      const base = { field, filename: info.filename ?? '', mimeType: info.mimeType };
      if (o.toBlob) {
        pending.push(
          o.toBlob(stream, o.maxFileBytes).then((blob) => out.files.push({ ...base, data: Buffer.alloc(0), ...blob })),
        );
        return;
      }
      // Kept up to the limit; past it, read, counted and dropped.
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= o.maxFileBytes) chunks.push(c);
      });
      stream.on('end', () => {
        const tooLarge = size > o.maxFileBytes;
        out.files.push({ ...base, data: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), size, tooLarge });
      });
    });
    bb.on('close', () => void Promise.all(pending).then(() => resolve(out), reject));
    bb.on('error', reject);
    raw.pipe(bb);
  });
}

/** A stored file as an answer, streamed to the client (its length from the file). */
export function fileResponse(file: string, contentType: string): EmuResponse {
  return {
    status: 200,
    headers: { 'content-type': contentType, 'content-length': String(fs.statSync(file).size) },
    body: fs.createReadStream(file),
  };
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
