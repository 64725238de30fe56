import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { VideoCaptionRow } from '../db/captions.schema';

export interface CaptionColumns {
  videoId: number;
  userId: number;
  language: string;
  label: string | null;
  format: 'srt' | 'vtt';
  cueCount: number;
  filename: string;
  bytes: number;
}

export async function listCaptionsOfVideo(db: DB, videoId: number): Promise<VideoCaptionRow[]> {
  return db.selectFrom('video_captions').selectAll().where('video_id', '=', videoId).orderBy('language').execute();
}

export async function findCaption(db: DB, videoId: number, language: string): Promise<VideoCaptionRow | undefined> {
  return db
    .selectFrom('video_captions')
    .selectAll()
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .executeTakeFirst();
}

export async function findCaptionOfUser(db: DB, id: number, userId: number): Promise<VideoCaptionRow | undefined> {
  return db
    .selectFrom('video_captions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Puts the track in place of the video's track in that language, if any. */
export async function upsertCaption(db: DB, c: CaptionColumns): Promise<VideoCaptionRow> {
  return db
    .insertInto('video_captions')
    .values({
      video_id: c.videoId,
      user_id: c.userId,
      language: c.language,
      label: c.label,
      format: c.format,
      cue_count: c.cueCount,
      filename: c.filename,
      bytes: c.bytes,
    })
    .onConflict((oc) =>
      oc.columns(['video_id', 'language']).doUpdateSet({
        label: c.label,
        format: c.format,
        cue_count: c.cueCount,
        filename: c.filename,
        bytes: c.bytes,
        updated_at: sql`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCaption(db: DB, videoId: number, language: string) {
  return db
    .deleteFrom('video_captions')
    .where('video_id', '=', videoId)
    .where('language', '=', language)
    .returning(['filename'])
    .executeTakeFirst();
}

/** The stored files of these videos' tracks (taken before the videos, and so their tracks, are deleted). */
export async function findCaptionFilesOfVideos(db: DB, videoIds: readonly number[]): Promise<string[]> {
  if (videoIds.length === 0) return [];
  const rows = await db.selectFrom('video_captions').select('filename').where('video_id', 'in', videoIds).execute();
  return rows.map((r) => r.filename);
}

/** Which of these stored files are caption tracks (the stray-file sweep keeps them). */
export async function findCaptionFileNames(db: DB, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db.selectFrom('video_captions').select('filename').where('filename', 'in', names).execute();
  return rows.map((r) => r.filename);
}

export async function sumCaptionBytesOfUser(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('video_captions')
    .select(sql<number>`coalesce(sum(bytes), 0)`.as('used'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}
