import fs from 'node:fs/promises';
import { CAPTION_MAX_BYTES, type VideoCaption } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { VideoCaptionRow } from '../../db/captions.schema';
import { badRequest, notFound, payloadTooLarge } from '../../http/errors';
import { parseSubtitles, SubtitleError, type Subtitles } from '../../media/subtitles';
import { lockUser } from '../../repositories/users.repository';
import {
  deleteCaption,
  findCaption,
  listCaptionsOfVideo,
  upsertCaption,
} from '../../repositories/video-captions.repository';
import { findVideoOfUser } from '../../repositories/videos.repository';
import { randomName, tempPath } from '../../storage/temp-file';
import { usedBytes } from '../storage-usage.service';
import { quotaExceeded } from '../uploads/accept-upload';
import { removeStoredFiles } from '../videos.service';
import { captionJson } from './caption-json';
import { readStoredText } from './publish-captions';

async function ownVideo(ctx: AppContext, userId: number, id: number) {
  const row = await findVideoOfUser(ctx.db, id, userId);
  if (!row) throw notFound('Video');
  return row;
}

export const captionTooLarge = () =>
  payloadTooLarge(
    `The caption file is larger than ${CAPTION_MAX_BYTES / 1024 / 1024} MB: split it or send a smaller one`,
    'caption_too_large',
  );

/**
 * The file as UTF-8 text, read into cues, every cue starting within the video (when its duration is known): a cue
 * that starts once the video is over is never shown. A last cue that runs past the end is common and players cut
 * it, so it is kept.
 */
function readCaptionFile(bytes: Buffer, durationSeconds: number | null): Subtitles {
  if (bytes.length === 0) throw badRequest('Send the caption file (.srt or .vtt) as the body', 'missing_file');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('The caption file must be UTF-8 text', 'not_a_caption_file');
  }
  let subtitles: Subtitles;
  try {
    subtitles = parseSubtitles(text);
  } catch (err) {
    if (err instanceof SubtitleError)
      throw badRequest(`This is not a valid caption file. ${err.message}`, 'bad_captions');
    throw err;
  }
  if (durationSeconds) {
    const durationMs = Math.round(durationSeconds * 1000);
    const late = subtitles.cues.find((c) => c.startMs >= durationMs);
    if (late) {
      throw badRequest(
        `This is not a valid caption file. Line ${late.line}: this cue starts after the video ends (it lasts ${durationMs} ms)`,
        'captions_out_of_range',
      );
    }
  }
  return subtitles;
}

/** Puts the track for `language` in place of any earlier one, within the quota; its old file then goes. */
export async function putCaption(
  ctx: AppContext,
  userId: number,
  videoId: number,
  language: string,
  label: string | null,
  bytes: Buffer,
): Promise<VideoCaption> {
  if (bytes.length > CAPTION_MAX_BYTES) throw captionTooLarge();
  const video = await ownVideo(ctx, userId, videoId);
  const subtitles = readCaptionFile(bytes, video.duration_seconds);
  const filename = `${randomName()}.${subtitles.format}`;
  const temp = tempPath(ctx.config.tmpDir, subtitles.format);
  let size: number;
  try {
    await fs.writeFile(temp, bytes);
    size = (await ctx.storage.putFile(filename, temp)).size;
  } finally {
    await fs.rm(temp, { force: true });
  }
  let previous: string | null = null;
  let row: VideoCaptionRow;
  try {
    row = await ctx.db.transaction().execute(async (trx) => {
      await lockUser(trx, userId);
      if (!(await findVideoOfUser(trx, videoId, userId))) throw notFound('Video');
      const current = await findCaption(trx, videoId, language);
      const used = await usedBytes(ctx, userId, trx);
      const quota = ctx.config.storageQuotaBytes;
      if (used - Number(current?.bytes ?? 0) + size > quota) throw quotaExceeded(used, quota, 'caption file');
      previous = current?.filename ?? null;
      return upsertCaption(trx, {
        videoId,
        userId,
        language,
        label,
        format: subtitles.format,
        cueCount: subtitles.cues.length,
        filename,
        bytes: size,
      });
    });
  } catch (err) {
    await removeStoredFiles(ctx, [filename]);
    throw err;
  }
  if (previous) await removeStoredFiles(ctx, [previous]);
  return captionJson(row);
}

export async function listCaptions(ctx: AppContext, userId: number, videoId: number): Promise<VideoCaption[]> {
  await ownVideo(ctx, userId, videoId);
  return (await listCaptionsOfVideo(ctx.db, videoId)).map(captionJson);
}

/** The track's text as stored (at most CAPTION_MAX_BYTES), and its format (for its Content-Type). */
export async function readCaption(
  ctx: AppContext,
  userId: number,
  videoId: number,
  language: string,
): Promise<{ format: 'srt' | 'vtt'; text: string }> {
  await ownVideo(ctx, userId, videoId);
  const row = await findCaption(ctx.db, videoId, language);
  if (!row) throw notFound('Caption');
  return { format: row.format, text: await readStoredText(ctx, row.filename) };
}

export async function removeCaption(ctx: AppContext, userId: number, videoId: number, language: string) {
  await ownVideo(ctx, userId, videoId);
  const gone = await deleteCaption(ctx.db, videoId, language);
  if (!gone) throw notFound('Caption');
  await removeStoredFiles(ctx, [gone.filename]);
}
