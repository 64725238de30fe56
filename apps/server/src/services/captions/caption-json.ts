import type { VideoCaption } from '@fanout/contracts';
import type { VideoCaptionRow } from '../../db/captions.schema';
import { toIsoString } from '../users.service';

/** Where a track's text is read: the API, so it is served as text to its owner only. */
export const captionPath = (videoId: number, language: string) =>
  `/api/videos/${videoId}/captions/${encodeURIComponent(language)}`;

export function captionJson(row: VideoCaptionRow): VideoCaption {
  return {
    id: row.id,
    language: row.language,
    label: row.label,
    format: row.format,
    cueCount: row.cue_count,
    url: captionPath(row.video_id, row.language),
    uploadedAt: toIsoString(row.updated_at),
  };
}
