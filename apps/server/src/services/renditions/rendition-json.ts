import type { BurnedCaptions, FitStep, PlatformKey, Rendition, RenditionStatus } from '@fanout/contracts';
import type { RenditionRow } from '../../db/renditions.schema';
import { uploadsPath } from '../videos.service';
import { toIsoString } from '../users.service';

/**
 * The one place a rendition row becomes API JSON. `url` is the copy's stored file under /uploads, served as the
 * video's own file is (an unguessable name, Range requests; playable by a <video> element, which sends no token).
 */
export function toRenditionJson(row: RenditionRow): Rendition {
  const ready = row.status === 'ready' && row.storage_key !== null;
  return {
    id: row.id,
    videoId: row.video_id,
    platform: row.platform as PlatformKey,
    status: row.status as RenditionStatus,
    progress: Math.min(1, Math.max(0, row.progress)),
    error: row.error ?? null,
    steps: row.steps as FitStep[],
    width: row.width,
    height: row.height,
    fps: row.fps,
    durationMs: row.duration_ms,
    sizeBytes: row.size_bytes,
    url: ready ? uploadsPath(row.storage_key!) : null,
    burnedCaptions: burnedCaptionsOf(row.request),
    createdAt: toIsoString(row.created_at),
  };
}

/** The track a copy burns in, from its stored request (`burnCaptions`, and `burned` as the track was then). */
function burnedCaptionsOf(request: unknown): BurnedCaptions | null {
  const asked = request as { burnCaptions?: number; burned?: { language: string; uploadedAt: string } } | null;
  if (asked?.burnCaptions === undefined) return null;
  return {
    captionId: asked.burnCaptions,
    language: asked.burned?.language ?? null,
    uploadedAt: asked.burned?.uploadedAt ?? null,
  };
}
