import type { DB } from '../db/database';
import type { VideoRow } from '../db/schema';

/** A cover as its columns; every field null (bytes 0) removes it. */
export interface CoverColumns {
  kind: 'frame' | 'image' | null;
  frameMs: number | null;
  filename: string | null;
  bytes: number;
  width: number | null;
  height: number | null;
  mimeType: string | null;
}

export const NO_COVER: CoverColumns = {
  kind: null,
  frameMs: null,
  filename: null,
  bytes: 0,
  width: null,
  height: null,
  mimeType: null,
};

/** Sets the user's video's cover; undefined when the video is not theirs (or is gone). */
export async function setCoverOfVideo(
  db: DB,
  id: number,
  userId: number,
  cover: CoverColumns,
): Promise<VideoRow | undefined> {
  return db
    .updateTable('videos')
    .set({
      cover_kind: cover.kind,
      cover_frame_ms: cover.frameMs,
      cover_filename: cover.filename,
      cover_bytes: cover.bytes,
      cover_width: cover.width,
      cover_height: cover.height,
      cover_mime_type: cover.mimeType,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}
