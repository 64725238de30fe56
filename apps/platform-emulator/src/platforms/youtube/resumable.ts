import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { EmulatorContext } from '../../core/context';
import { json, type EmuRequest, type EmuResponse } from '../../core/http';
import { googleError, isResponse } from './envelopes';
import { UPLOAD } from './limits';
import { createVideo, renderVideo, sessions, settle, videos, type UploadSession } from './records';
import { acceptsMedia, badRequest, cutShort, mimeOf, readMetadata, tooLarge, unsupportedMedia } from './upload-answers';
import { readVideoResource } from './video-resource';

/**
 * The resumable protocol (reference §4): the opening request (its body the Video resource) answers the session
 * URI in `Location`; each `PUT` to it sends a chunk with `Content-Range: bytes a-b/N` (every chunk but the last
 * a multiple of 256 KiB), `bytes *\/N` asks where it stands (308 with `Range`), and the last chunk's answer is
 * the video.
 */
export async function openSession(
  ctx: EmulatorContext,
  req: EmuRequest,
  o: {
    pathname: string;
    parts: string[];
    who: Pick<UploadSession, 'accountId' | 'clientId'>;
    notifySubscribers: boolean;
  },
): Promise<EmuResponse> {
  // The opening request carries metadata only: small, read whole.
  const meta = readMetadata(await req.buffer(), req.headers['content-type'] ?? '');
  if (!meta.ok) return googleError(400, 'parseError', 'Parse Error');
  const fields = readVideoResource(meta.value, o.parts);
  if (isResponse(fields)) return fields;
  const declaredType = req.headers['x-upload-content-type'] ? mimeOf(req.headers['x-upload-content-type']) : undefined;
  if (declaredType !== undefined && !acceptsMedia(declaredType)) return unsupportedMedia(declaredType);
  const lengthHeader = req.headers['x-upload-content-length'];
  if (lengthHeader !== undefined && !/^\d+$/.test(lengthHeader)) return badRequest('Invalid X-Upload-Content-Length.');
  const declaredLength = lengthHeader === undefined ? undefined : Number(lengthHeader);
  if (declaredLength !== undefined && declaredLength > UPLOAD.maxSize) return tooLarge();
  const id = `ADPy${randomBytes(24).toString('base64url')}`;
  const session: UploadSession = {
    id,
    host: req.host,
    path: o.pathname,
    ...o.who,
    parts: o.parts,
    fields: { ...fields, notifySubscribers: o.notifySubscribers },
    declaredLength,
    declaredType,
    received: 0,
    blobId: `youtube-${id}`,
    createdAt: ctx.now(),
  };
  sessions(ctx).set(id, session);
  const query = new URLSearchParams({ uploadType: 'resumable', part: o.parts.join(','), upload_id: id });
  return {
    status: 200,
    headers: {
      location: ctx.apiUrl(req.host, `${o.pathname}?${query}`),
      'x-guploader-uploadid': id,
      'content-length': '0',
    },
  };
}

type ContentRange = { query: true; total?: number } | { query: false; first: number; last: number; total?: number };

// Content-Range: `bytes a-b/N`, `bytes a-b/*` or `bytes */N`; no header means the whole file in one request.
function parseContentRange(header: string | undefined, length: number): ContentRange | undefined {
  if (header === undefined)
    return length ? { query: false, first: 0, last: length - 1, total: length } : { query: true };
  const m = /^bytes\s+(?:\*|(\d+)-(\d+))\/(\*|\d+)$/i.exec(header.trim());
  if (!m) return undefined;
  const total = m[3] === '*' ? undefined : Number(m[3]);
  if (m[1] === undefined) return { query: true, total };
  return { query: false, first: Number(m[1]), last: Number(m[2]), total };
}

/** Where a session stands: 308 with the bytes held (no Range when none are). */
const incomplete = (s: UploadSession): EmuResponse => ({
  status: 308,
  headers: {
    ...(s.received ? { range: `bytes=0-${s.received - 1}` } : {}),
    'x-guploader-uploadid': s.id,
    'content-length': '0',
  },
});

/**
 * The video of a finished session. The answer to its last chunk (201) is the video as it was just made,
 * `uploaded` (videos.insert answers the resource before processing); a later query of the session (200) shows
 * where processing stands. Settling the fresh video as well let a slow media read (ffprobe on a busy machine)
 * outlast the processing time and answer the insert as already `processed`.
 */
function finished(ctx: EmulatorContext, s: UploadSession, status: 200 | 201): EmuResponse {
  const made = videos(ctx).get(s.videoId!)!;
  return json(status, renderVideo(ctx, status === 201 ? made : settle(ctx, made), s.parts));
}

/**
 * A `PUT` (or `POST`) to the session URI. Its length comes from Content-Length, as Google asks of a chunk; a
 * body without one (chunked) is staged in a blob of its own first to learn it, then taken from there.
 */
export async function putChunk(ctx: EmulatorContext, req: EmuRequest): Promise<EmuResponse> {
  const id = req.query.get('upload_id') ?? '';
  const s = sessions(ctx).get(id);
  if (!s || ctx.now() > s.createdAt + UPLOAD.sessionTtlMs) return googleError(404, 'notFound', 'Not Found');
  if (s.videoId) return finished(ctx, s, 200);
  const declared = req.headers['content-length'];
  if (declared !== undefined) return takeChunk(ctx, req, s, Number(declared), () => req.body());
  const staged = `part-${randomUUID()}`;
  try {
    const got = await ctx.store.receiveBlob(staged, 0, req.body(), { maxBytes: UPLOAD.maxSize });
    if (!got.ok) return got.reason === 'too_large' ? tooLarge() : cutShort();
    return await takeChunk(ctx, req, s, got.bytes, () => fs.createReadStream(ctx.store.blobPath(staged)));
  } finally {
    ctx.store.removeBlob(staged);
  }
}

/** A chunk of `length` bytes, checked against the session, then written as it arrives (`body`). */
async function takeChunk(
  ctx: EmulatorContext,
  req: EmuRequest,
  s: UploadSession,
  length: number,
  body: () => AsyncIterable<Buffer>,
): Promise<EmuResponse> {
  const r = parseContentRange(req.headers['content-range'], length);
  if (!r) return badRequest('Failed to parse Content-Range header.');
  const expected = s.total ?? s.declaredLength;
  if (r.total !== undefined) {
    if (r.total > UPLOAD.maxSize) return tooLarge();
    if (expected !== undefined && r.total !== expected)
      return badRequest(`The Content-Range total ${r.total} differs from the upload's length ${expected}.`);
  }
  if (r.query) return length ? badRequest('A Content-Range of bytes */N carries no body.') : incomplete(s);
  const total = r.total ?? s.total;
  const mismatch = (bytes: number) =>
    badRequest(`Content-Range bytes ${r.first}-${r.last} does not match a body of ${bytes} bytes.`);
  if (r.last < r.first || length !== r.last - r.first + 1) return mismatch(length);
  if ((total !== undefined && r.last >= total) || (s.declaredLength !== undefined && r.last >= s.declaredLength))
    return badRequest(`Content-Range bytes ${r.first}-${r.last} goes past the end of the upload.`);
  if (r.first !== s.received)
    return badRequest(
      `The chunk starts at byte ${r.first} but the upload holds ${s.received} bytes: ask with "Content-Range: bytes */${total ?? '*'}" and go on from there.`,
      s.received ? { range: `bytes=0-${s.received - 1}` } : {},
    );
  const last = total !== undefined && r.last + 1 === total;
  if (!last && length % UPLOAD.chunkGranularity !== 0)
    return badRequest(
      `A chunk but the last must be a multiple of ${UPLOAD.chunkGranularity} bytes; this one has ${length}.`,
    );
  const got = await ctx.store.receiveBlob(s.blobId, r.first, body(), { maxBytes: length });
  if (!got.ok || got.bytes !== length) return got.ok || got.reason === 'too_large' ? mismatch(got.bytes) : cutShort();
  const updated = sessions(ctx).update(s.id, (x) => {
    x.received = r.last + 1;
    x.total ??= total;
  })!;
  if (!last) return incomplete(updated);
  const mimeType =
    s.declaredType ??
    (acceptsMedia(mimeOf(req.headers['content-type'])) ? mimeOf(req.headers['content-type']) : 'video/mp4');
  const video = createVideo(ctx, {
    accountId: s.accountId,
    clientId: s.clientId,
    blobId: s.blobId,
    bytes: r.last + 1,
    mimeType,
    fields: s.fields,
  });
  sessions(ctx).update(s.id, (x) => (x.videoId = video.id));
  return finished(ctx, { ...updated, videoId: video.id }, 201);
}
