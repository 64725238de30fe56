import type { EmulatorContext } from '../../core/context';
import { settleProcessing, type Processing } from '../meta/processing';
import { IG_LIMITS } from './ig-account';

export type IgMediaType = 'REELS' | 'STORIES' | 'VIDEO';

/** A media container (`POST /<ig-user-id>/media`): the bytes of one post-to-be. */
export interface Container {
  id: string;
  igUserId: string;
  mediaType: IgMediaType;
  caption: string;
  shareToFeed: boolean;
  /** The usernames invited as collaborators (`collaborators`). */
  collaborators?: string[];
  resumable: boolean;
  videoUrl?: string;
  /** The cover asked for: `thumb_offset` (ms) or `cover_url`. */
  thumbOffset?: number;
  coverUrl?: string;
  /** Fixed by the first upload request (`file_size`). */
  fileSize?: number;
  blobId: string;
  createdAt: number;
  processing: Processing;
  /** Set once published. */
  mediaId?: string;
}

/** A published media object. */
export interface IgMedia {
  id: string;
  igUserId: string;
  containerId: string;
  mediaType: IgMediaType;
  caption: string;
  shareToFeed: boolean;
  shortcode: string;
  permalink: string;
  publishedAt: number;
  blobId: string;
}

export const containers = (ctx: EmulatorContext) => ctx.store.collection<Container>('instagram.containers');
export const igMedia = (ctx: EmulatorContext) => ctx.store.collection<IgMedia>('instagram.media');

export type StatusCode = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

export interface ContainerStatus {
  code: StatusCode;
  text: string;
  held: number;
  phase: 'uploading' | 'processing' | 'complete' | 'error';
}

/**
 * A container's `status_code` and `status` now. `poll`: a status request (it moves processing along); a publish
 * attempt reads it without polling.
 */
export function containerStatus(ctx: EmulatorContext, id: string, poll: boolean): ContainerStatus {
  let phase = 'uploading' as ContainerStatus['phase'];
  const c = containers(ctx).update(id, (c) => {
    if (!c.mediaId && ctx.now() < c.createdAt + IG_LIMITS.containerLifetimeMs)
      phase = settleProcessing(
        ctx,
        { platform: 'instagram', step: 'status', id, poll, media: { blobId: c.blobId, surface: 'instagram' } },
        c.processing,
      );
  })!;
  const held = ctx.store.blobSize(c.blobId);
  if (c.mediaId) return { code: 'PUBLISHED', text: 'Published: Media has been published.', held, phase: 'complete' };
  if (ctx.now() >= c.createdAt + IG_LIMITS.containerLifetimeMs)
    return {
      code: 'EXPIRED',
      text: 'Expired: The media container was not published within 24 hours of its creation.',
      held,
      phase,
    };
  switch (phase) {
    case 'uploading':
      return {
        code: 'IN_PROGRESS',
        text: `In Progress: Media is still being uploaded (${held} of ${c.fileSize ?? 'unknown'} bytes received).`,
        held,
        phase,
      };
    case 'processing':
      return { code: 'IN_PROGRESS', text: 'In Progress: Media is still being processed.', held, phase };
    case 'complete':
      return {
        code: 'FINISHED',
        text: 'Finished: Media has been uploaded and it is ready to be published.',
        held,
        phase,
      };
    default:
      return { code: 'ERROR', text: `Error: ${c.processing.error ?? 'Media upload has failed.'}`, held, phase };
  }
}

/** API-published posts of an account in the rolling window, for the publishing limit. */
export function publishedInWindow(ctx: EmulatorContext, igUserId: string): IgMedia[] {
  const since = ctx.now() - IG_LIMITS.publishWindowMs;
  return igMedia(ctx)
    .values()
    .filter((m) => m.igUserId === igUserId && m.publishedAt > since);
}
