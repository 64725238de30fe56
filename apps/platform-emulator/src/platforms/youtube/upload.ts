import { randomBytes } from 'node:crypto';
import type { EmulatorContext, RouteApi } from '../../core/context';
import { json, type EmuRequest, type EmuResponse } from '../../core/http';
import { authorizeCall } from './access';
import { googleError, isResponse, videoError } from './envelopes';
import { UPLOAD } from './limits';
import { parseMultipartRelated } from './multipart-related';
import { createVideo, renderVideo, sessions, settle, videos, type UploadSession } from './records';
import { readParts, readVideoResource } from './video-resource';

/** videos.insert is served on both API hosts, as Google does. */
export const API_HOSTS = ['www.googleapis.com', 'youtube.googleapis.com'];

const mimeOf = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();

/** `mediaUpload.accept`: video/* or application/octet-stream. */
export const acceptsMedia = (type: string) =>
  UPLOAD.accept.some((a) =>
    a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) && type.length > a.length - 1 : type === a,
  );

const unsupportedMedia = (type: string) =>
  googleError(
    400,
    'badContent',
    `Media type '${type}' is not supported. Valid media types: [${UPLOAD.accept.join(', ')}]`,
  );
const tooLarge = () => googleError(413, 'uploadTooLarge', `Media larger than the maximum of ${UPLOAD.maxSize} bytes.`);
const noMedia = () => videoError('mediaBodyRequired', 'The request does not include the video content.');
const badRequest = (message: string, headers?: Record<string, string>) =>
  googleError(400, 'badRequest', message, { headers });

/** The metadata of a request: JSON, or none at all when the body is empty. */
function readMetadata(body: Buffer, contentType: string): { ok: true; value: unknown } | { ok: false } {
  if (!body.length) return { ok: true, value: undefined };
  if (!contentType.includes('json')) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

export function registerUpload(api: RouteApi, ctx: EmulatorContext) {
  for (const host of API_HOSTS) {
    api.route('POST', host, UPLOAD.simplePath, 'upload', (req) => insert(ctx, req, 'simple'));
    api.route('POST', host, UPLOAD.resumablePath, 'upload', (req) => insert(ctx, req, 'resumable'));
    api.route('PUT', host, UPLOAD.simplePath, 'upload', (req) => putChunk(ctx, req));
    api.route('PUT', host, UPLOAD.resumablePath, 'upload', (req) => putChunk(ctx, req));
    // An insert without media, on the plain API path.
    api.route('POST', host, '/youtube/v3/videos', 'upload', (req) => {
      const auth = authorizeCall(ctx, req, 'youtube.videos.insert');
      return auth.ok ? noMedia() : auth.response;
    });
  }
}

async function insert(ctx: EmulatorContext, req: EmuRequest, path: 'simple' | 'resumable'): Promise<EmuResponse> {
  // The session URI may also take its chunks by POST.
  if (req.query.get('upload_id')) return putChunk(ctx, req);
  const uploadType = req.query.get('uploadType');
  if (!uploadType)
    return badRequest(
      'Upload requests must include an uploadType URL parameter and a URL path beginning with /upload/',
    );
  if (!['resumable', 'multipart', 'media'].includes(uploadType) || (path === 'resumable' && uploadType !== 'resumable'))
    return badRequest(`Invalid upload type for this path: ${uploadType}`);
  const auth = authorizeCall(ctx, req, 'youtube.videos.insert');
  if (!auth.ok) return auth.response;
  const parts = readParts(req.query);
  if (!Array.isArray(parts)) return parts;
  const who = { accountId: auth.token.accountId, clientId: auth.token.clientId };
  const body = await req.buffer();
  const contentType = req.headers['content-type'] ?? '';

  if (uploadType === 'resumable') {
    const meta = readMetadata(body, contentType);
    if (!meta.ok) return googleError(400, 'parseError', 'Parse Error');
    const fields = readVideoResource(meta.value, parts);
    if (isResponse(fields)) return fields;
    const declaredType = req.headers['x-upload-content-type']
      ? mimeOf(req.headers['x-upload-content-type'])
      : undefined;
    if (declaredType !== undefined && !acceptsMedia(declaredType)) return unsupportedMedia(declaredType);
    const lengthHeader = req.headers['x-upload-content-length'];
    if (lengthHeader !== undefined && !/^\d+$/.test(lengthHeader))
      return badRequest('Invalid X-Upload-Content-Length.');
    const declaredLength = lengthHeader === undefined ? undefined : Number(lengthHeader);
    if (declaredLength !== undefined && declaredLength > UPLOAD.maxSize) return tooLarge();
    const id = `ADPy${randomBytes(24).toString('base64url')}`;
    const pathname = path === 'simple' ? UPLOAD.simplePath : UPLOAD.resumablePath;
    const session: UploadSession = {
      id,
      host: req.host,
      path: pathname,
      ...who,
      parts,
      fields,
      declaredLength,
      declaredType,
      received: 0,
      blobId: `youtube-${id}`,
      createdAt: ctx.now(),
    };
    sessions(ctx).set(id, session);
    const query = new URLSearchParams({ uploadType: 'resumable', part: parts.join(','), upload_id: id });
    return {
      status: 200,
      headers: {
        location: ctx.apiUrl(req.host, `${pathname}?${query}`),
        'x-guploader-uploadid': id,
        'content-length': '0',
      },
    };
  }

  let metadata: unknown;
  let media: Buffer = body;
  let mediaType = mimeOf(contentType);
  if (uploadType === 'multipart') {
    if (!contentType.toLowerCase().startsWith('multipart/related'))
      return badRequest('A multipart upload must be multipart/related: the metadata, then the media.');
    const related = parseMultipartRelated(body, contentType);
    if (!related || related.length !== 2)
      return badRequest('Malformed multipart body: expected a metadata part and a media part.');
    const meta = readMetadata(related[0]!.body, related[0]!.headers['content-type'] ?? '');
    if (!meta.ok) return googleError(400, 'parseError', 'Parse Error');
    metadata = meta.value;
    media = related[1]!.body;
    mediaType = mimeOf(related[1]!.headers['content-type']);
  }
  const fields = readVideoResource(metadata, parts);
  if (isResponse(fields)) return fields;
  if (!acceptsMedia(mediaType)) return unsupportedMedia(mediaType || '(none)');
  if (!media.length) return noMedia();
  if (media.length > UPLOAD.maxSize) return tooLarge();
  const blobId = `youtube-${randomBytes(18).toString('base64url')}`;
  ctx.store.writeBlob(blobId, 0, media);
  const video = createVideo(ctx, { ...who, blobId, bytes: media.length, mimeType: mediaType, fields });
  return json(200, renderVideo(ctx, video, parts));
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

function finished(ctx: EmulatorContext, s: UploadSession, status: number): EmuResponse {
  const video = settle(ctx, videos(ctx).get(s.videoId!)!);
  return json(status, renderVideo(ctx, video, s.parts));
}

async function putChunk(ctx: EmulatorContext, req: EmuRequest): Promise<EmuResponse> {
  const id = req.query.get('upload_id') ?? '';
  const s = sessions(ctx).get(id);
  if (!s || ctx.now() > s.createdAt + UPLOAD.sessionTtlMs) return googleError(404, 'notFound', 'Not Found');
  if (s.videoId) return finished(ctx, s, 200);
  const body = await req.buffer();
  const r = parseContentRange(req.headers['content-range'], body.length);
  if (!r) return badRequest('Failed to parse Content-Range header.');
  const expected = s.total ?? s.declaredLength;
  if (r.total !== undefined) {
    if (r.total > UPLOAD.maxSize) return tooLarge();
    if (expected !== undefined && r.total !== expected)
      return badRequest(`The Content-Range total ${r.total} differs from the upload's length ${expected}.`);
  }
  if (r.query) return body.length ? badRequest('A Content-Range of bytes */N carries no body.') : incomplete(s);
  const total = r.total ?? s.total;
  if (r.last < r.first || body.length !== r.last - r.first + 1)
    return badRequest(`Content-Range bytes ${r.first}-${r.last} does not match a body of ${body.length} bytes.`);
  if ((total !== undefined && r.last >= total) || (s.declaredLength !== undefined && r.last >= s.declaredLength))
    return badRequest(`Content-Range bytes ${r.first}-${r.last} goes past the end of the upload.`);
  if (r.first !== s.received)
    return badRequest(
      `The chunk starts at byte ${r.first} but the upload holds ${s.received} bytes: ask with "Content-Range: bytes */${total ?? '*'}" and go on from there.`,
      s.received ? { range: `bytes=0-${s.received - 1}` } : {},
    );
  const last = total !== undefined && r.last + 1 === total;
  if (!last && body.length % UPLOAD.chunkGranularity !== 0)
    return badRequest(
      `A chunk but the last must be a multiple of ${UPLOAD.chunkGranularity} bytes; this one has ${body.length}.`,
    );
  ctx.store.writeBlob(s.blobId, r.first, body);
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
