import type { EmulatorContext, RouteApi } from '../../core/context';
import { json, type EmuRequest, type EmuResponse } from '../../core/http';
import { apiRoute } from './api';
import { MEDIA } from './limits';
import {
  advance,
  createMedia,
  defaultCategory,
  expiresAt,
  finalizeMedia,
  fits,
  mayUse,
  mediaRecords,
  renderMedia,
  sizeLimit,
  type MediaRecord,
} from './media-store';
import { invalidRequest } from './problems';

const ID = /^[0-9]{1,19}$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isResponse = (x: object): x is EmuResponse => typeof (x as { status?: unknown }).status === 'number';

/** The owner's upload that is still open, or X's refusal. */
function openUpload(ctx: EmulatorContext, id: string, userId: string, finalized: boolean): MediaRecord | EmuResponse {
  const m = ID.test(id) ? mediaRecords(ctx).get(id) : undefined;
  if (!mayUse(m, userId)) return invalidRequest(`Media id [${id}] was not found for this user.`, 'id', id);
  if (ctx.now() > expiresAt(m)) return invalidRequest(`The upload session of media id [${id}] expired.`, 'id', id);
  if (!finalized && m.state !== 'uploading') return invalidRequest(`Media id [${id}] was finalized already.`, 'id', id);
  if (finalized && m.state === 'uploading') return invalidRequest(`Media id [${id}] is not finalized.`, 'media_id', id);
  return m;
}

/**
 * The media of an append or a one-request upload: a multipart file, or base64 in a field or a JSON body.
 * `mediaBytes` is its size; a file over the 5 MB a request may carry (reference §5) is counted, not kept.
 */
async function readParts(
  req: EmuRequest,
  allowed: string[],
): Promise<{ fields: Record<string, unknown>; media?: Buffer; mediaBytes: number } | EmuResponse> {
  const type = req.headers['content-type'] ?? '';
  if (type.startsWith('multipart/form-data')) {
    const mp = await req.multipart({ maxFileBytes: MEDIA.segmentMaxBytes });
    const file = mp.files.find((f) => f.field === 'media');
    const unknown = [...Object.keys(mp.fields), ...mp.files.map((f) => f.field)].find((k) => !allowed.includes(k));
    if (unknown) return invalidRequest(`The field [${unknown}] is not allowed.`, unknown);
    const b64 = mp.fields.media;
    const media = file?.data ?? (b64 !== undefined ? Buffer.from(b64, 'base64') : undefined);
    return { fields: mp.fields, media, mediaBytes: file?.size ?? media?.length ?? 0 };
  }
  const body = await req.json();
  if (!isObject(body)) return invalidRequest('The request body must be multipart/form-data or a JSON object.');
  const unknown = Object.keys(body).find((k) => !allowed.includes(k));
  if (unknown) return invalidRequest(`The field [${unknown}] is not allowed.`, unknown);
  const media = typeof body.media === 'string' ? Buffer.from(body.media, 'base64') : undefined;
  return { fields: body, media, mediaBytes: media?.length ?? 0 };
}

export function registerMedia(api: RouteApi, ctx: EmulatorContext) {
  const upload = { method: 'POST', limit: 'POST /2/media/upload' } as const;

  apiRoute(
    api,
    ctx,
    { ...upload, path: '/2/media/upload/initialize', step: 'initialize', operation: 'initializeMediaUpload' },
    async (req, token) => {
      const body = await req.json();
      if (!isObject(body)) return invalidRequest('The request body must be a JSON object.');
      const unknown = Object.keys(body).find(
        (k) => !['additional_owners', 'media_category', 'media_type', 'shared', 'total_bytes'].includes(k),
      );
      if (unknown) return invalidRequest(`The field [${unknown}] is not allowed.`, unknown);
      const {
        media_type: mediaType,
        total_bytes: total,
        media_category: asked,
        additional_owners: owners = [],
        shared,
      } = body;
      if (typeof mediaType !== 'string' || !(MEDIA.types as readonly string[]).includes(mediaType))
        return invalidRequest(
          `The media_type value [${String(mediaType)}] is not one of [${MEDIA.types.join(',')}].`,
          'media_type',
          mediaType,
        );
      if (!Number.isInteger(total) || (total as number) < 0 || (total as number) > MEDIA.maxTotalBytes)
        return invalidRequest(`total_bytes must be an integer from 0 to ${MEDIA.maxTotalBytes}.`, 'total_bytes', total);
      if (asked !== undefined && !(MEDIA.categories as readonly unknown[]).includes(asked))
        return invalidRequest(
          `The media_category value [${String(asked)}] is not one of [${MEDIA.categories.join(',')}].`,
          'media_category',
          asked,
        );
      const category = (asked as string | undefined) ?? defaultCategory(mediaType);
      if (!fits(mediaType, category))
        return invalidRequest(
          `A media_type of ${mediaType} cannot be uploaded as ${category}.`,
          'media_category',
          category,
        );
      if ((total as number) > sizeLimit(category))
        return invalidRequest(`File size exceeds ${sizeLimit(category)} bytes for ${category}.`, 'total_bytes', total);
      if (!Array.isArray(owners) || owners.length > 100 || !owners.every((o) => typeof o === 'string' && ID.test(o)))
        return invalidRequest('additional_owners must be a list of user ids.', 'additional_owners', owners);
      if (shared !== undefined && typeof shared !== 'boolean')
        return invalidRequest('shared must be a boolean.', 'shared', shared);
      const m = createMedia(ctx, {
        ownerId: token.accountId,
        additionalOwners: owners as string[],
        mediaType,
        category,
        totalBytes: total as number,
      });
      return json(200, { data: renderMedia(ctx, m) });
    },
  );

  apiRoute(
    api,
    ctx,
    { ...upload, path: '/2/media/upload/:id/append', step: 'append', operation: 'appendMediaUpload' },
    async (req, token) => {
      const m = openUpload(ctx, req.params.id!, token.accountId, false);
      if (isResponse(m)) return m;
      // AppendMediaUploadRequest and MediaUploadRequest are closed to other members.
      const parts = await readParts(req, ['media', 'segment_index']);
      if (isResponse(parts)) return parts;
      const raw = parts.fields.segment_index;
      const index = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
      if (!Number.isInteger(index) || (index as number) < 0 || (index as number) > MEDIA.segmentIndexMax)
        return invalidRequest(
          `segment_index must be an integer from 0 to ${MEDIA.segmentIndexMax}.`,
          'segment_index',
          raw,
        );
      if (!parts.mediaBytes) return invalidRequest('The media field is required.', 'media');
      if (parts.mediaBytes > MEDIA.segmentMaxBytes || !parts.media)
        return invalidRequest(
          `A segment may hold at most ${MEDIA.segmentMaxBytes} bytes; this one has ${parts.mediaBytes}.`,
          'media',
        );
      // A client whose answer was lost sends the last segment again: X takes the segment again in its place.
      if (index === m.nextSegment - 1 && parts.media.length === m.lastSegmentBytes) {
        ctx.store.writeBlob(m.blobId, m.received - parts.media.length, parts.media);
        return json(200, { data: { expires_at: Math.floor(expiresAt(m) / 1000) } });
      }
      if (index !== m.nextSegment)
        return invalidRequest(
          `Segments are appended in order: expected segment_index ${m.nextSegment}, got ${String(index)}.`,
          'segment_index',
          index,
        );
      if (m.received + parts.media.length > m.totalBytes)
        return invalidRequest(`The segments hold more than total_bytes (${m.totalBytes}).`, 'media');
      ctx.store.writeBlob(m.blobId, m.received, parts.media);
      mediaRecords(ctx).update(m.id, (x) => {
        x.received += parts.media!.length;
        x.nextSegment += 1;
        x.lastSegmentBytes = parts.media!.length;
      });
      return json(200, { data: { expires_at: Math.floor(expiresAt(m) / 1000) } });
    },
  );

  apiRoute(
    api,
    ctx,
    { ...upload, path: '/2/media/upload/:id/finalize', step: 'finalize', operation: 'finalizeMediaUpload' },
    (req, token) => {
      const id = req.params.id!;
      const m = ID.test(id) ? mediaRecords(ctx).get(id) : undefined;
      // A finalize that is repeated answers where the media stands.
      if (mayUse(m, token.accountId) && m.state !== 'uploading') return json(200, { data: renderMedia(ctx, m) });
      const open = openUpload(ctx, id, token.accountId, false);
      if (isResponse(open)) return open;
      if (open.received !== open.totalBytes)
        return invalidRequest(
          `The segments hold ${open.received} bytes but total_bytes is ${open.totalBytes}.`,
          'id',
          id,
        );
      return json(200, { data: renderMedia(ctx, finalizeMedia(ctx, open)) });
    },
  );

  apiRoute(
    api,
    ctx,
    {
      method: 'GET',
      path: '/2/media/upload',
      step: 'status',
      operation: 'getMediaUploadStatus',
      limit: 'GET /2/media/upload',
    },
    (req, token) => {
      const command = req.query.get('command');
      if (command !== null && command !== 'STATUS')
        return invalidRequest(`The command value [${command}] is not one of [STATUS].`, 'command', command);
      const id = req.query.get('media_id') ?? '';
      if (!ID.test(id)) return invalidRequest('media_id must be a media id.', 'media_id', id);
      const m = openUpload(ctx, id, token.accountId, true);
      if (isResponse(m)) return m;
      return json(200, { data: renderMedia(ctx, advance(ctx, m)) });
    },
  );

  // The one-request form (images and small media): the bytes, then as if finalized.
  apiRoute(
    api,
    ctx,
    { ...upload, path: '/2/media/upload', step: 'upload', operation: 'mediaUpload' },
    async (req, token) => {
      const parts = await readParts(req, ['media', 'media_category', 'additional_owners']);
      if (isResponse(parts)) return parts;
      const category = parts.fields.media_category;
      if (!(MEDIA.oneShotCategories as readonly unknown[]).includes(category))
        return invalidRequest(
          `The media_category value [${String(category)}] is not one of [${MEDIA.oneShotCategories.join(',')}].`,
          'media_category',
          category,
        );
      if (!parts.mediaBytes) return invalidRequest('The media field is required.', 'media');
      const cat = category as string;
      if (parts.mediaBytes > Math.min(sizeLimit(cat), MEDIA.segmentMaxBytes) || !parts.media)
        return invalidRequest(
          'The media is too large for a one-request upload; use initialize, append and finalize.',
          'media',
        );
      const owners =
        typeof parts.fields.additional_owners === 'string'
          ? parts.fields.additional_owners.split(',').filter(Boolean)
          : [];
      const mediaType = cat.endsWith('_video')
        ? 'video/mp4'
        : cat.endsWith('_gif')
          ? 'image/gif'
          : cat === 'subtitles'
            ? 'text/srt'
            : 'image/jpeg';
      const m = createMedia(ctx, {
        ownerId: token.accountId,
        additionalOwners: owners,
        mediaType,
        category: cat,
        totalBytes: parts.media.length,
      });
      ctx.store.writeBlob(m.blobId, 0, parts.media);
      mediaRecords(ctx).update(m.id, (x) => ((x.received = parts.media!.length), (x.nextSegment = 1)));
      return json(200, { data: renderMedia(ctx, finalizeMedia(ctx, m)) });
    },
  );
}
