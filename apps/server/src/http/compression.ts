import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** JSON of any kind (application/json, application/problem+json …); nothing else. */
const JSON_TYPES = /^application\/(?:[\w.-]+\+)?json(?:;|$)/i;

/** The encodings offered, best first: the same list for answers encoded here and by the plugin. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Smaller answers are sent as they are: encoding them saves too little to pay for itself. */
const THRESHOLD_BYTES = 1024;

/** Brotli at quality 4, as @fastify/compress does: 11 (zlib's default) costs ~20× the time for ~10% fewer bytes. */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const encoders: Record<Encoding, (json: string) => Promise<Buffer>> = {
  br: (json) => promisify(zlib.brotliCompress)(json, BROTLI_OPTIONS),
  gzip: (json) => promisify(zlib.gzip)(json),
};

/**
 * API answers of 1 KB and more are sent br- or gzip-encoded when the client accepts it (a page of 50 videos
 * is ~30 KB of JSON, ~1 KB as br). Only JSON: media under /uploads keeps its byte ranges and ETags
 * untouched, and the live event stream (/api/events) is flushed event by event, never buffered by an encoder.
 * Request bodies are taken as sent (no decoding of Content-Encoding). Answers sent with `sendKeptJson` arrive
 * already encoded, and the plugin leaves them alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: THRESHOLD_BYTES,
    encodings: [...ENCODINGS],
    customTypes: JSON_TYPES,
    brotliOptions: BROTLI_OPTIONS,
  });
}

/**
 * A JSON answer that is given again and again (a cached list page), with each of its encoded forms made once,
 * when a client first asks for it, and kept as long as the answer is: encoding, not the answer itself, was
 * most of the cost of a cached page.
 */
export class KeptJson {
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();
  readonly byteLength: number;

  constructor(readonly json: string) {
    this.byteLength = Buffer.byteLength(json);
  }

  encode(encoding: Encoding): Promise<Buffer> {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = encoders[encoding](this.json);
      // A failed encoding is not kept: the next request tries again.
      bytes.catch(() => this.encoded.delete(encoding));
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

const negotiator = new Negotiator<Encoding>({ supportedValues: [...ENCODINGS], cache: new Map() });

/** The encoding to answer `request` with, chosen as the plugin chooses (`*` and x-gzip count as gzip). */
function chosenEncoding(request: FastifyRequest): Encoding | undefined {
  const accepted = request.headers['accept-encoding'];
  if (accepted === undefined || request.headers['x-no-compression'] !== undefined) return undefined;
  return negotiator.negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, 'gzip')) ?? undefined;
}

/** Sends `page` as JSON: its kept bytes in the encoding the client accepts, or plain. */
export async function sendKeptJson(request: FastifyRequest, reply: FastifyReply, page: KeptJson) {
  reply.type('application/json; charset=utf-8');
  // A string payload is sent as it is, not serialized again.
  if (page.byteLength < THRESHOLD_BYTES) return reply.send(page.json as never);
  // Every form of this answer depends on Accept-Encoding, the plain one too, so shared caches keep them apart.
  const vary = reply.getHeader('vary');
  if (!/\baccept-encoding\b/i.test(String(vary ?? ''))) {
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  }
  const encoding = chosenEncoding(request);
  if (!encoding) return reply.send(page.json as never);
  const bytes = await page.encode(encoding);
  return reply.header('content-encoding', encoding).send(bytes as never);
}
