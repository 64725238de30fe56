import type { PlatformKey, Post } from '@fanout/contracts';
import type { PostRow } from '../../db/posts.schema';
import { toIsoString } from '../users.service';

const iso = (at: Date | null) => (at ? toIsoString(at) : null);

/**
 * When a post waits to try again (a retry's backoff, a rate limit's reset): nobody holds it, it is still
 * publishing and its step says `waiting`, so `due_at` is when the next try starts.
 */
function retryAt(row: PostRow): string | null {
  const waiting = row.status === 'publishing' && row.lease_owner === null && row.progress.step === 'waiting';
  return waiting ? iso(row.due_at) : null;
}

/** The one place a post row becomes API JSON (the posts API, live events and notifications use it). */
export function toPostJson(row: PostRow & { video_title: string }): Post {
  return {
    id: row.id,
    videoId: row.video_id,
    projectId: row.project_id,
    platform: row.platform as PlatformKey,
    connectionId: row.connection_id,
    status: row.status,
    scheduledAt: toIsoString(row.scheduled_at),
    startedAt: iso(row.started_at),
    publishedAt: iso(row.published_at),
    url: row.url,
    platformPostId: row.platform_post_id,
    appliedPrivacy: row.status === 'published' ? (row.applied_privacy ?? null) : null,
    coverError: row.status === 'published' ? (row.cover_error ?? null) : null,
    playlistError: row.status === 'published' ? (row.playlist_error ?? null) : null,
    captionsError: row.status === 'published' ? (row.captions_error ?? null) : null,
    progress: {
      step: row.progress.step ?? null,
      bytesSent: Number(row.progress.bytesSent ?? 0),
      bytesTotal: Number(row.progress.bytesTotal ?? 0),
    },
    error: row.error
      ? {
          code: row.error.code,
          message: row.error.message,
          platformCode: row.error.platformCode ?? null,
          platformMessage: row.error.platformMessage ?? null,
        }
      : null,
    attempts: row.attempts,
    createdAt: toIsoString(row.created_at),
    createdBy: row.created_by ?? null,
    approvedAt: iso(row.approved_at ?? null),
    caption: row.caption,
    options: row.options ?? {},
    retryAt: retryAt(row),
    videoTitle: row.video_title,
    accountName: row.account_name,
    firstComment: firstCommentOf(row),
    rendition: renditionOf(row),
  };
}

/** The copy the post sends, as the trigger of migration 0043 mirrors it; null: the video as uploaded. */
function renditionOf(row: PostRow): Post['rendition'] {
  if (row.rendition_id == null || row.rendition_status == null || row.rendition_status === 'deleted') return null;
  return {
    id: row.rendition_id,
    status: row.rendition_status,
    progress: Math.min(1, Math.max(0, row.rendition_progress ?? 0)),
  };
}

/** The first comment as the post shows it: a send under way is still `pending` to the person. */
function firstCommentOf(row: PostRow): Post['firstComment'] {
  // Rows read with a column list of their own (older queries) carry neither: no comment to show.
  if (row.first_comment == null || row.first_comment_status == null) return null;
  const status = row.first_comment_status === 'sending' ? 'pending' : row.first_comment_status;
  return {
    text: row.first_comment,
    status,
    url: row.first_comment_url,
    error: status === 'failed' ? (row.first_comment_error ?? null) : null,
  };
}
