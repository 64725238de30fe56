import type { EmulatorContext } from '../../core/context';
import { unsupportedRequest } from '../meta/graph-errors';
import { settleProcessing, type Phase, type Processing } from '../meta/processing';
import { fbPage } from './fb-account';
import { checkCall, FB_CALLS, type CallAuth, type CallRule } from './fb-calls';

/** An upload session of the Resumable Upload API (`POST /<app-id>/uploads`). */
export interface UploadSession {
  id: string;
  appId: string;
  accountId: string;
  fileName: string;
  fileLength: number;
  fileType: string;
  createdAt: number;
  /** The file handle, once the last byte is in. */
  handle?: string;
}

/** A Page video: a regular one (`POST /<page-id>/videos`) or a Reel (`video_reels`). */
export interface FbVideo {
  id: string;
  pageId: string;
  kind: 'video' | 'reel';
  title: string;
  description: string;
  blobId: string;
  fileSize?: number;
  createdAt: number;
  processing: Processing;
  /** Reels: the finish call's state (a regular video gets PUBLISHED or SCHEDULED when created). */
  videoState?: 'PUBLISHED' | 'DRAFT' | 'SCHEDULED';
  /** When a Reel was finished (for the 30-per-day limit). */
  finishedAt?: number;
  scheduledAt?: number;
  /** When it went live. */
  publishedAt?: number;
  permalink: string;
  /** Thumbnails created on it (`POST /<video-id>/thumbnails`), oldest first. */
  thumbnails?: { imageBytes: number; imageSha256: string; preferred: boolean }[];
  /** Caption tracks (`POST /<video-id>/captions`), one per locale. */
  captions?: { language: string; format: string; cueCount: number }[];
}

/** The preferred thumbnail of a video (fb-thumbnails.ts), for its published item once it goes live. */
export function preferredThumbnail(v: FbVideo) {
  const t = v.thumbnails?.findLast((x) => x.preferred);
  return t ? { imageBytes: t.imageBytes, imageSha256: t.imageSha256 } : undefined;
}

export const uploads = (ctx: EmulatorContext) => ctx.store.collection<UploadSession>('facebook.uploads');
export const videos = (ctx: EmulatorContext) => ctx.store.collection<FbVideo>('facebook.videos');
export const handles = (ctx: EmulatorContext) =>
  ctx.store.collection<{ handle: string; sid: string }>('facebook.handles');

/**
 * Moves a video along (call with `poll` for a status request): processing, then going live once its state says
 * so and processing is complete (a scheduled one when its time comes), recording it as published.
 */
export function settleVideo(ctx: EmulatorContext, id: string, o: { poll: boolean; step: string }): Phase {
  let phase = 'uploading' as Phase;
  const video = videos(ctx).update(id, (v) => {
    const media = {
      blobId: v.blobId,
      surface: v.kind === 'reel' ? ('facebook-reel' as const) : ('facebook-video' as const),
    };
    phase = settleProcessing(ctx, { platform: 'facebook', step: o.step, id, poll: o.poll, media }, v.processing);
    const due = v.videoState === 'PUBLISHED' || (v.videoState === 'SCHEDULED' && ctx.now() >= (v.scheduledAt ?? 0));
    if (phase === 'complete' && due && v.publishedAt === undefined) v.publishedAt = ctx.now();
  });
  if (video?.publishedAt !== undefined && !ctx.published.get('facebook', video.id))
    ctx.published.record({
      platform: 'facebook',
      id: video.id,
      url: video.permalink,
      accountId: video.pageId,
      title: video.title,
      caption: video.description,
      blobId: video.blobId,
      publishedAt: new Date(video.publishedAt).toISOString(),
      ...(preferredThumbnail(video) ? { cover: preferredThumbnail(video) } : {}),
      ...(video.captions?.length ? { captions: video.captions } : {}),
    });
  return phase;
}

/** Settles every video of a Page (before lists and counts, so scheduled ones go live on time). */
export function settlePage(ctx: EmulatorContext, pageId: string) {
  for (const v of videos(ctx).values())
    if (v.pageId === pageId)
      settleVideo(ctx, v.id, { poll: false, step: v.kind === 'reel' ? 'reels_status' : 'create' });
}

export type PageAuth = CallAuth;

/**
 * A Page edge of one of the sandbox's Pages: the call's rule (fb-calls.ts) decides which token and permissions it
 * takes, and a Page token acts only on its own Page (`me` is that Page). A Page token of another Page, or a Page
 * this person does not manage, gets the Graph API's "Unsupported post request. Object with ID … does not exist,
 * cannot be loaded due to missing permissions, or does not support this operation" (code 100, subcode 33: Graph
 * API "Handling Errors", error subcodes), as the Page node would answer anyone without access to it.
 */
export function pageToken(
  ctx: EmulatorContext,
  presented: string | undefined,
  pageId: string | undefined,
  rule: CallRule = FB_CALLS.pageRead,
): PageAuth {
  const auth = checkCall(ctx, presented, rule);
  if (!auth.ok) return auth;
  const own = auth.token.meta?.pageId;
  if (!fbPage(own) || (pageId !== own && pageId !== 'me'))
    return { ok: false, response: unsupportedRequest('POST', pageId ?? '') };
  return auth;
}
