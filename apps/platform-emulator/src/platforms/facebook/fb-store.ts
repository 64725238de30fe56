import type { EmulatorContext } from '../../core/context';
import type { EmuResponse } from '../../core/http';
import type { AccessToken } from '../../core/oauth';
import { graphError, unsupportedRequest } from '../meta/graph-errors';
import { authorize } from '../meta/graph-routes';
import { settleProcessing, type Phase, type Processing } from '../meta/processing';
import { FB_PAGE } from './fb-account';

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
    phase = settleProcessing(ctx, { platform: 'facebook', step: o.step, id, poll: o.poll }, v.processing);
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
    });
  return phase;
}

/** Settles every video of a Page (before lists and counts, so scheduled ones go live on time). */
export function settlePage(ctx: EmulatorContext, pageId: string) {
  for (const v of videos(ctx).values())
    if (v.pageId === pageId)
      settleVideo(ctx, v.id, { poll: false, step: v.kind === 'reel' ? 'reels_status' : 'create' });
}

export type PageAuth = { ok: true; token: AccessToken } | { ok: false; response: EmuResponse };

/**
 * A Page edge wants that Page's own token (from `/me/accounts`), with `scope` when given; a user token is refused
 * with (#210) as Graph does.
 */
export function pageToken(
  ctx: EmulatorContext,
  presented: string | undefined,
  pageId: string | undefined,
  scope?: string[],
): PageAuth {
  const auth = authorize(ctx, 'facebook', presented);
  if (!auth.ok) return auth;
  if (pageId !== FB_PAGE.id && pageId !== 'me')
    return { ok: false, response: unsupportedRequest('POST', pageId ?? '') };
  if (auth.token.meta?.kind !== 'page' || auth.token.meta.pageId !== FB_PAGE.id)
    return {
      ok: false,
      response: graphError({ message: '(#210) A page access token is required to request this resource.', code: 210 }),
    };
  if (scope && !scope.every((s) => auth.token.scopes.includes(s)))
    return {
      ok: false,
      response: graphError({
        message: `(#200) This action requires the ${scope.join(' and ')} permission${scope.length > 1 ? 's' : ''} as an admin with sufficient administrative permission`,
        code: 200,
      }),
    };
  return auth;
}

export const PUBLISH_SCOPES = ['pages_read_engagement', 'pages_manage_posts'];
