import { randomInt } from 'node:crypto';
import type { EmulatorContext } from '../../core/context';
import { processingFault } from '../../core/processing-faults';
import { MEDIA, SIZE_LIMITS } from './limits';

/** An upload as the emulator keeps it; `state` is the processing state once finalized. */
export interface MediaRecord {
  id: string;
  mediaKey: string;
  ownerId: string;
  additionalOwners: string[];
  mediaType: string;
  category: string;
  totalBytes: number;
  received: number;
  nextSegment: number;
  /** Bytes of the last segment taken: the same segment sent again (its answer was lost) is taken again. */
  lastSegmentBytes?: number;
  blobId: string;
  createdAt: number;
  state: 'uploading' | 'pending' | 'in_progress' | 'succeeded' | 'failed';
  /** A status poll before this moment is answered but does not move processing on. */
  nextCheckAt?: number;
  progress?: number;
  /** A video's subtitle tracks (`POST /2/media/subtitles`), one per language_code. */
  subtitles?: { language: string; name?: string; format: string; cueCount: number }[];
}

export const mediaRecords = (ctx: EmulatorContext) => ctx.store.collection<MediaRecord>('x.media');

const TWITTER_EPOCH = 1288834974657n;

/** A snowflake id: milliseconds since X's epoch, then random bits. */
export function snowflake(now: number, taken: (id: string) => boolean): string {
  for (;;) {
    const id = (((BigInt(now) - TWITTER_EPOCH) << 22n) | BigInt(randomInt(4_194_304))).toString();
    if (!taken(id)) return id;
  }
}

export type MediaKind = 'video' | 'gif' | 'image' | 'other';

export function kindOf(category: string): MediaKind {
  if (category.endsWith('_video')) return 'video';
  if (category.endsWith('_gif')) return 'gif';
  if (category.endsWith('_image')) return 'image';
  return 'other';
}

/** The category X files a media type under when the client names none. */
export function defaultCategory(mediaType: string): string {
  if (mediaType.startsWith('video/')) return 'tweet_video';
  if (mediaType === 'image/gif') return 'tweet_gif';
  if (mediaType.startsWith('text/')) return 'subtitles';
  return 'tweet_image';
}

/** Whether a media type belongs in a category (a video category takes videos, and so on). */
export function fits(mediaType: string, category: string): boolean {
  const kind = kindOf(category);
  if (kind === 'video') return mediaType.startsWith('video/');
  if (kind === 'gif') return mediaType === 'image/gif';
  if (kind === 'image') return mediaType.startsWith('image/') || mediaType.startsWith('model/');
  return mediaType.startsWith('text/');
}

export const sizeLimit = (category: string) => SIZE_LIMITS[kindOf(category)];

const KEY_PREFIX: Record<MediaKind, string> = { video: '7_', gif: '16_', image: '3_', other: '3_' };

export function createMedia(
  ctx: EmulatorContext,
  o: Pick<MediaRecord, 'ownerId' | 'additionalOwners' | 'mediaType' | 'category' | 'totalBytes'>,
): MediaRecord {
  const id = snowflake(ctx.now(), (x) => !!mediaRecords(ctx).get(x));
  return mediaRecords(ctx).set(id, {
    ...o,
    id,
    mediaKey: `${KEY_PREFIX[kindOf(o.category)]}${id}`,
    received: 0,
    nextSegment: 0,
    blobId: `x-media-${id}`,
    createdAt: ctx.now(),
    state: 'uploading',
  });
}

export const expiresAt = (m: MediaRecord) => m.createdAt + MEDIA.expiresAfterSecs * 1000;

export const mayUse = (m: MediaRecord | undefined, userId: string): m is MediaRecord =>
  !!m && (m.ownerId === userId || m.additionalOwners.includes(userId));

/** Finalize: videos and GIFs go to processing, other media are ready at once. */
export function finalizeMedia(ctx: EmulatorContext, m: MediaRecord): MediaRecord {
  const processing = kindOf(m.category) === 'video' || kindOf(m.category) === 'gif';
  return mediaRecords(ctx).update(m.id, (x) => {
    x.state = processing ? 'pending' : 'succeeded';
    if (processing) {
      x.progress = 0;
      x.nextCheckAt = ctx.now() + MEDIA.checkAfterSecs * 1000;
    }
  })!;
}

/**
 * One status poll: pending → in_progress → succeeded, one step per poll that comes after check_after_secs.
 * The processing faults act as on every platform (core/processing-faults.ts): `processing_failed` fails it
 * (InvalidMedia), `slow_processing` keeps it in_progress.
 */
export function advance(ctx: EmulatorContext, m: MediaRecord): MediaRecord {
  if (m.state !== 'pending' && m.state !== 'in_progress') return m;
  const fault = processingFault(ctx, 'x', 'status', m.id, { blobId: m.blobId, surface: 'x' });
  if (fault.state !== 'failed' && ctx.now() < (m.nextCheckAt ?? 0)) return m;
  return mediaRecords(ctx).update(m.id, (x) => {
    if (fault.state === 'failed') x.state = 'failed';
    else if (x.state === 'pending') [x.state, x.progress] = ['in_progress', 50];
    else if (fault.state === 'free') [x.state, x.progress] = ['succeeded', 100];
    x.nextCheckAt = ctx.now() + MEDIA.checkAfterSecs * 1000;
  })!;
}

/** `data` of the media answers (FinalizeMediaUploadResponseData / GetMediaUploadStatusResponseData). */
export function renderMedia(ctx: EmulatorContext, m: MediaRecord) {
  const expiresAfter = Math.max(0, Math.floor((expiresAt(m) - ctx.now()) / 1000));
  const out: Record<string, unknown> = { id: m.id, media_key: m.mediaKey, expires_after_secs: expiresAfter };
  if (m.state === 'uploading') return out;
  out.size = m.totalBytes;
  if (m.progress === undefined) return out;
  const waiting = m.state === 'pending' || m.state === 'in_progress';
  out.processing_info = {
    state: m.state,
    ...(waiting ? { check_after_secs: Math.max(1, Math.ceil(((m.nextCheckAt ?? 0) - ctx.now()) / 1000)) } : {}),
    progress_percent: m.progress,
    ...(m.state === 'failed'
      ? { error: { code: 1, name: 'InvalidMedia', message: 'Invalid or Unsupported media, Reason: UnsupportedMedia.' } }
      : {}),
  };
  return out;
}
