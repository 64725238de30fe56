import { randomInt } from 'node:crypto';
import type { EmulatorContext } from '../../core/context';
import type { MediaRule } from '../../core/media-rules';
import { processingFault } from '../../core/processing-faults';
import { creatorOf, LIMITS, postPath } from './accounts';

/** One `video/init` (or inbox init): its upload session and what became of it. */
export interface Publish {
  publishId: string;
  uploadId: string;
  uploadToken: string;
  accountId: string;
  /** `direct` posts go live; `inbox` ones are sent to the creator's inbox as drafts. */
  mode: 'direct' | 'inbox';
  title: string;
  /** The app that made it (an unaudited one counts its posting users per day). */
  clientId?: string;
  /** The privacy TikTok applied: the one asked for, or SELF_ONLY for an unaudited app. */
  privacyLevel?: string;
  /** The privacy the init asked for. */
  requestedPrivacyLevel?: string;
  /** The commercial-content disclosure of post_info. */
  brandOrganic?: boolean;
  brandContent?: boolean;
  /** post_info.video_cover_timestamp_ms, when given. */
  coverFrameMs?: number;
  /** post_info.is_aigc: the "AI-generated content" label. */
  isAigc?: boolean;
  videoSize: number;
  chunkSize: number;
  totalChunks: number;
  /** Chunks received so far, in order: the next one expected is chunk number `chunksReceived`. */
  chunksReceived: number;
  blobId: string;
  createdAt: number;
  state: 'uploading' | 'processing' | 'complete' | 'failed';
  processingEndsAt?: number;
  failReason?: string;
  postId?: string;
  publishedAt?: string;
}

export const publishes = (ctx: EmulatorContext) => ctx.store.collection<Publish>('tiktok.publishes');

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
export const newPublishId = () => `v_pub_file~v2-1.${digits(19)}`;
export const newUploadId = () => `7${digits(18)}`;
export const newPostId = () => `7${digits(18)}`;

/** Bytes received, from the chunks counted in order. */
export function uploadedBytes(p: Publish): number {
  if (p.chunksReceived >= p.totalChunks) return p.videoSize;
  return p.chunksReceived * p.chunkSize;
}

/** The size chunk `index` must have: `chunk_size`, but the last one takes the remainder. */
export function chunkLength(p: Pick<Publish, 'videoSize' | 'chunkSize' | 'totalChunks'>, index: number): number {
  return index < p.totalChunks - 1 ? p.chunkSize : p.videoSize - (p.totalChunks - 1) * p.chunkSize;
}

/**
 * The FILE_UPLOAD chunk rules of the reference: chunks of 5–64 MB (a file under 5 MB is one chunk of its
 * whole size), `total_chunk_count = floor(video_size / chunk_size)`, the last chunk taking the remainder up
 * to 128 MB, 1–1000 chunks. Returns what is wrong, or undefined.
 */
export function checkChunks(videoSize: unknown, chunkSize: unknown, totalChunks: unknown): string | undefined {
  if (!isCount(videoSize) || videoSize < 1)
    return 'source_info.video_size: a positive whole number of bytes is required.';
  if (!isCount(chunkSize) || chunkSize < 1)
    return 'source_info.chunk_size: a positive whole number of bytes is required.';
  if (!isCount(totalChunks) || totalChunks < 1)
    return 'source_info.total_chunk_count: a positive whole number is required.';
  if (videoSize > LIMITS.maxVideoBytes) return `source_info.video_size: at most ${LIMITS.maxVideoBytes} bytes.`;
  if (videoSize < LIMITS.minChunk) {
    if (chunkSize !== videoSize || totalChunks !== 1)
      return 'source_info: a video under 5 MB is uploaded as one chunk: chunk_size = video_size, total_chunk_count = 1.';
    return undefined;
  }
  if (chunkSize < LIMITS.minChunk || chunkSize > LIMITS.maxChunk)
    return `source_info.chunk_size: between ${LIMITS.minChunk} and ${LIMITS.maxChunk} bytes.`;
  const expected = Math.floor(videoSize / chunkSize);
  if (totalChunks !== expected)
    return `source_info.total_chunk_count: must be floor(video_size / chunk_size) = ${expected}.`;
  if (totalChunks > LIMITS.maxChunks) return `source_info.total_chunk_count: at most ${LIMITS.maxChunks} chunks.`;
  const last = videoSize - (totalChunks - 1) * chunkSize;
  if (last > LIMITS.maxLastChunk)
    return `source_info: the last chunk (${last} bytes) exceeds ${LIMITS.maxLastChunk} bytes.`;
  return undefined;
}

/**
 * TikTok names the media check a video failed in `fail_reason` (Get Post Status,
 * developers.tiktok.com/doc/content-posting-api-reference-get-video-status): format, duration, frame rate, size.
 */
const TIKTOK_FAIL_REASON: Record<MediaRule, string> = {
  format: 'file_format_check_failed',
  codec: 'file_format_check_failed',
  duration: 'duration_check_failed',
  'frame-rate': 'frame_rate_check_failed',
  size: 'picture_size_check_failed',
  aspect: 'picture_size_check_failed',
};

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/**
 * Moves a publish on by the clock and the faults: a complete upload is processed for a short while (as long as
 * a `slow_processing` fault holds it), then published and recorded; a `processing_failed` fault fails it instead
 * (fail_reason: the fault's message, or file_format_check_failed). Faults are read at step `status`.
 */
export function settle(ctx: EmulatorContext, p: Publish): Publish {
  if (p.state !== 'processing') return p;
  const now = ctx.now();
  const fault = processingFault(ctx, 'tiktok', 'status', p.publishId, { blobId: p.blobId, surface: 'tiktok' });
  if (fault.state === 'held') return p;
  if (fault.state === 'failed')
    return publishes(ctx).update(p.publishId, (x) => {
      x.state = 'failed';
      x.failReason = fault.rule ? TIKTOK_FAIL_REASON[fault.rule] : (fault.message ?? 'file_format_check_failed');
    })!;
  if ((p.processingEndsAt ?? 0) > now) return p;
  const postId = p.mode === 'direct' ? newPostId() : undefined;
  const publishedAt = new Date(now).toISOString();
  publishes(ctx).update(p.publishId, (x) => {
    x.state = 'complete';
    x.postId = postId;
    x.publishedAt = publishedAt;
  });
  if (postId)
    ctx.published.record({
      platform: 'tiktok',
      id: postId,
      url: ctx.pageUrl('www.tiktok.com', postPath(creatorOf(p.accountId), postId)),
      accountId: p.accountId,
      title: p.title,
      caption: p.title,
      blobId: p.blobId,
      publishedAt,
      privacy: p.privacyLevel,
      ...(p.coverFrameMs !== undefined ? { cover: { frameMs: p.coverFrameMs } } : {}),
    });
  return p;
}
