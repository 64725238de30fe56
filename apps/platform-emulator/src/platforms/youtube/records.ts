import { createHash, randomBytes } from 'node:crypto';
import type { EmulatorContext } from '../../core/context';
import { processingFault } from '../../core/processing-faults';
import { grownMetrics } from '../../core/published';
import { accountById } from './accounts';
import { PROCESSING_MS } from './limits';
import type { VideoFields } from './video-resource';

/** A video as the emulator keeps it. `uploadStatus` follows VideoStatus.uploadStatus. */
export interface VideoRecord extends VideoFields {
  id: string;
  accountId: string;
  clientId: string;
  blobId: string;
  bytes: number;
  mimeType: string;
  uploadedAt: number;
  uploadStatus: 'uploaded' | 'processed' | 'failed' | 'rejected';
  failureReason?: string;
  rejectionReason?: string;
  processedAt?: number;
}

/** A resumable upload session; `received` bytes are in the blob, in order from 0. */
export interface UploadSession {
  id: string;
  /** The host and path it was opened on: its session URI uses the same. */
  host: string;
  path: string;
  accountId: string;
  clientId: string;
  parts: string[];
  fields: VideoFields;
  /** X-Upload-Content-Length / -Type of the opening request, when given. */
  declaredLength?: number;
  declaredType?: string;
  /** Known once a Content-Range names it. */
  total?: number;
  received: number;
  blobId: string;
  createdAt: number;
  videoId?: string;
}

export const videos = (ctx: EmulatorContext) => ctx.store.collection<VideoRecord>('youtube.videos');
export const sessions = (ctx: EmulatorContext) => ctx.store.collection<UploadSession>('youtube.sessions');

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
function newVideoId(ctx: EmulatorContext): string {
  for (;;) {
    const id = [...randomBytes(11)].map((b) => ID_CHARS[b % 64]).join('');
    if (!videos(ctx).get(id)) return id;
  }
}

export const watchUrl = (ctx: EmulatorContext, id: string) => ctx.pageUrl('www.youtube.com', `/watch?v=${id}`);

/**
 * The video an upload made once its last byte is in; a `duplicate` fault rejects it as YouTube does. An app
 * whose project is unverified gets a private video whatever it asked (videos.insert: "All videos uploaded via
 * the videos.insert endpoint from unverified API projects created after 28 July 2020 will be restricted to
 * private viewing mode"): the answer and every later read show `privacyStatus: private`, and a private video
 * is never made public at a `publishAt`.
 */
export function createVideo(
  ctx: EmulatorContext,
  o: Pick<VideoRecord, 'accountId' | 'clientId' | 'blobId' | 'bytes' | 'mimeType'> & { fields: VideoFields },
): VideoRecord {
  const duplicate = ctx.faults.take('youtube', 'upload', ['duplicate']);
  const { fields, ...rest } = o;
  const locked = !ctx.stages.stage('youtube', o.clientId).verified;
  const { publishAt: _publishAt, ...lockedStatus } = fields.status;
  const video: VideoRecord = {
    ...rest,
    ...fields,
    ...(locked ? { status: { ...lockedStatus, privacyStatus: 'private' } } : {}),
    id: newVideoId(ctx),
    uploadedAt: ctx.now(),
    uploadStatus: duplicate ? 'rejected' : 'uploaded',
    ...(duplicate ? { rejectionReason: 'duplicate' } : {}),
  };
  return videos(ctx).set(video.id, video);
}

/**
 * Moves a video on when its processing time has passed: `processed` (and live), or `failed` under a
 * `processing_failed` fault; a `slow_processing` fault keeps it `uploaded` (core/processing-faults.ts).
 */
export function settle(ctx: EmulatorContext, video: VideoRecord): VideoRecord {
  if (video.uploadStatus !== 'uploaded') return video;
  const fault = processingFault(ctx, 'youtube', 'status', video.id, { blobId: video.blobId, surface: 'youtube' });
  if (fault.state === 'held') return video;
  if (fault.state === 'failed')
    return videos(ctx).update(video.id, (v) => {
      v.uploadStatus = 'failed';
      v.failureReason = 'conversion';
    })!;
  if (ctx.now() < video.uploadedAt + PROCESSING_MS) return video;
  const done = videos(ctx).update(video.id, (v) => {
    v.uploadStatus = 'processed';
    v.processedAt = ctx.now();
  })!;
  ctx.published.record({
    platform: 'youtube',
    id: done.id,
    url: watchUrl(ctx, done.id),
    accountId: done.accountId,
    title: done.snippet.title,
    caption: done.snippet.description,
    blobId: done.blobId,
    publishedAt: new Date(done.uploadedAt).toISOString(),
  });
  return done;
}

const PROCESSING_STATUS = { uploaded: 'processing', processed: 'succeeded', failed: 'failed', rejected: 'terminated' };

export function etag(value: unknown): string {
  return createHash('sha1').update(JSON.stringify(value)).digest('base64url');
}

/** The Video resource with the requested parts (kind, etag and id always). */
export function renderVideo(ctx: EmulatorContext, v: VideoRecord, parts: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { kind: 'youtube#video', etag: etag(v), id: v.id };
  const want = (p: string) => parts.includes(p);
  const channel = accountById(v.accountId);
  const publishedAt = new Date(v.uploadedAt).toISOString();
  const thumb = ctx.avatarUrl('youtube', v.id);
  if (want('snippet'))
    out.snippet = {
      publishedAt,
      channelId: v.accountId,
      title: v.snippet.title,
      description: v.snippet.description,
      thumbnails: {
        default: { url: thumb, width: 120, height: 90 },
        medium: { url: thumb, width: 320, height: 180 },
        high: { url: thumb, width: 480, height: 360 },
      },
      channelTitle: channel?.title ?? '',
      ...(v.snippet.tags ? { tags: v.snippet.tags } : {}),
      categoryId: v.snippet.categoryId,
      liveBroadcastContent: 'none',
      ...(v.snippet.defaultLanguage ? { defaultLanguage: v.snippet.defaultLanguage } : {}),
      localized: { title: v.snippet.title, description: v.snippet.description },
      ...(v.snippet.defaultAudioLanguage ? { defaultAudioLanguage: v.snippet.defaultAudioLanguage } : {}),
    };
  if (want('status'))
    out.status = {
      uploadStatus: v.uploadStatus,
      ...(v.failureReason ? { failureReason: v.failureReason } : {}),
      ...(v.rejectionReason ? { rejectionReason: v.rejectionReason } : {}),
      privacyStatus: v.status.privacyStatus,
      ...(v.status.publishAt ? { publishAt: v.status.publishAt } : {}),
      license: v.status.license,
      embeddable: v.status.embeddable,
      publicStatsViewable: v.status.publicStatsViewable,
      madeForKids: v.status.selfDeclaredMadeForKids ?? false,
      ...(v.status.selfDeclaredMadeForKids !== undefined
        ? { selfDeclaredMadeForKids: v.status.selfDeclaredMadeForKids }
        : {}),
      ...(v.status.containsSyntheticMedia !== undefined
        ? { containsSyntheticMedia: v.status.containsSyntheticMedia }
        : {}),
    };
  if (want('processingDetails')) out.processingDetails = processingDetails(ctx, v);
  if (want('statistics')) {
    const m =
      v.uploadStatus === 'processed' ? grownMetrics(publishedAt, ctx.now()) : { views: 0, likes: 0, comments: 0 };
    out.statistics = {
      viewCount: String(m.views),
      likeCount: String(m.likes),
      favoriteCount: '0',
      commentCount: String(m.comments),
    };
  }
  if (want('fileDetails')) out.fileDetails = { fileSize: String(v.bytes), fileType: 'video' };
  if (want('player'))
    out.player = {
      embedHtml: `<iframe width="480" height="270" src="//www.youtube.com/embed/${v.id}" frameborder="0" allowfullscreen></iframe>`,
    };
  return out;
}

function processingDetails(ctx: EmulatorContext, v: VideoRecord) {
  const status = PROCESSING_STATUS[v.uploadStatus];
  const available = v.uploadStatus === 'processed' ? 'available' : 'inProgress';
  const elapsed = Math.min(PROCESSING_MS, ctx.now() - v.uploadedAt);
  return {
    processingStatus: status,
    ...(status === 'processing'
      ? {
          processingProgress: {
            partsTotal: '1000',
            partsProcessed: String(Math.min(999, Math.floor((elapsed / PROCESSING_MS) * 1000))),
            timeLeftMs: String(Math.max(0, PROCESSING_MS - elapsed)),
          },
        }
      : {}),
    ...(v.uploadStatus === 'failed' ? { processingFailureReason: 'transcodeFailed' } : {}),
    fileDetailsAvailability: 'available',
    processingIssuesAvailability: available,
    tagSuggestionsAvailability: available,
    editorSuggestionsAvailability: available,
    thumbnailsAvailability: available,
  };
}
