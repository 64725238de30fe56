import { randomBytes } from 'node:crypto';
import type { Received } from '../../core/blob-receive';
import type { EmulatorContext, RouteApi } from '../../core/context';
import { json, type EmuRequest, type EmuResponse } from '../../core/http';
import { authorizeCall } from './access';
import { googleError, isResponse } from './envelopes';
import { UPLOAD } from './limits';
import { boundaryOf, relatedMedia, type RelatedBody } from './multipart-related';
import { createVideo, renderVideo } from './records';
import { openSession, putChunk } from './resumable';
import {
  acceptsMedia,
  badRequest,
  cutShort,
  mimeOf,
  noMedia,
  readMetadata,
  tooLarge,
  unsupportedMedia,
} from './upload-answers';
import { readNotifySubscribers, readParts, readVideoResource } from './video-resource';

export { acceptsMedia } from './upload-answers';

/** videos.insert is served on both API hosts, as Google does. */
export const API_HOSTS = ['www.googleapis.com', 'youtube.googleapis.com'];

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
  const notifySubscribers = readNotifySubscribers(req.query);
  if (typeof notifySubscribers !== 'boolean') return notifySubscribers;
  const who = { accountId: auth.token.accountId, clientId: auth.token.clientId };
  if (uploadType === 'resumable')
    return openSession(ctx, req, {
      pathname: path === 'simple' ? UPLOAD.simplePath : UPLOAD.resumablePath,
      parts,
      who,
      notifySubscribers,
    });

  // One request with the whole video (uploadType=media, or multipart: the metadata, then the media): its bytes
  // go to the blob as they arrive, up to mediaUpload.maxSize.
  const contentType = req.headers['content-type'] ?? '';
  const blobId = `youtube-${randomBytes(18).toString('base64url')}`;
  const refuse = (answer: EmuResponse) => {
    ctx.store.removeBlob(blobId);
    return answer;
  };
  let metadata: unknown;
  let mediaType = mimeOf(contentType);
  let media: Received;
  if (uploadType === 'multipart') {
    const boundary = boundaryOf(contentType);
    if (!contentType.toLowerCase().startsWith('multipart/related') || !boundary)
      return badRequest('A multipart upload must be multipart/related: the metadata, then the media.');
    const related: RelatedBody = { ok: false, parts: 0 };
    const stream = relatedMedia(req.body(), boundary, related);
    media = await ctx.store.receiveBlob(blobId, 0, stream, { maxBytes: UPLOAD.maxSize });
    if (media.ok || media.reason === 'too_large') {
      if (!related.ok || related.parts !== 2)
        return refuse(badRequest('Malformed multipart body: expected a metadata part and a media part.'));
      const meta = readMetadata(related.first!.body, related.first!.headers['content-type'] ?? '');
      if (!meta.ok) return refuse(googleError(400, 'parseError', 'Parse Error'));
      metadata = meta.value;
      mediaType = mimeOf(related.second!.headers['content-type']);
    }
  } else {
    media = await ctx.store.receiveBlob(blobId, 0, req.body(), { maxBytes: UPLOAD.maxSize });
  }
  const fields = readVideoResource(metadata, parts);
  if (isResponse(fields)) return refuse(fields);
  if (!acceptsMedia(mediaType)) return refuse(unsupportedMedia(mediaType || '(none)'));
  if (!media.ok) return refuse(media.reason === 'too_large' ? tooLarge() : cutShort());
  if (!media.bytes) return refuse(noMedia());
  const video = createVideo(ctx, {
    ...who,
    blobId,
    bytes: media.bytes,
    mimeType: mediaType,
    fields: { ...fields, notifySubscribers },
  });
  return json(200, renderVideo(ctx, video, parts));
}
