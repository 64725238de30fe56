import type { VideoCover } from '@fanout/contracts';
import type { VideoRow } from '../../db/schema';
import { uploadsPath } from '../uploads-path';

/** The cover as the video JSON shows it; null when none was chosen. */
export function coverJson(row: VideoRow): VideoCover | null {
  if (row.cover_kind === 'frame' && row.cover_frame_ms !== null) {
    return {
      kind: 'frame',
      frameMs: row.cover_frame_ms,
      url: row.cover_filename ? uploadsPath(row.cover_filename) : null,
    };
  }
  if (row.cover_kind === 'image' && row.cover_filename && row.cover_width && row.cover_height) {
    return {
      kind: 'image',
      width: row.cover_width,
      height: row.cover_height,
      mimeType: row.cover_mime_type === 'image/png' ? 'image/png' : 'image/jpeg',
      url: uploadsPath(row.cover_filename),
    };
  }
  return null;
}
