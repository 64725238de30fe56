import fs from 'node:fs/promises';
import { trimStepOf, type FitStep } from '@fanout/contracts';
import type { AppContext } from '../../context';
import type { VideoCaptionRow } from '../../db/captions.schema';
import type { RenditionRow } from '../../db/renditions.schema';
import { badRequest } from '../../http/errors';
import { parseSubtitles, toSrt } from '../../media/subtitles';
import { findCaptionOfUser } from '../../repositories/video-captions.repository';
import { tempPath } from '../../storage/temp-file';
import { readStoredText } from '../captions/publish-captions';
import { toIsoString } from '../users.service';

/** The caller's caption track of this video to burn into a copy; 400 `unknown_caption` for any other id. */
export async function captionToBurn(
  ctx: AppContext,
  userId: number,
  videoId: number,
  captionId: number,
): Promise<VideoCaptionRow> {
  const caption = await findCaptionOfUser(ctx.db, captionId, userId);
  if (!caption || caption.video_id !== videoId)
    throw badRequest('burnCaptions names no caption track of this video', 'unknown_caption');
  return caption;
}

/** What a copy records of the track it burns, read back as its `burnedCaptions` (rendition-json.ts). */
export const burnedOf = (caption: VideoCaptionRow) => ({
  language: caption.language,
  uploadedAt: toIsoString(caption.updated_at),
});

/**
 * The SRT file ffmpeg draws into the copy, written to a temp file: the track's cues moved so that they count
 * from the copy's start (a trim starts the copy later in the video), the cues wholly before it left out. Null when
 * the copy burns in no captions. Throws when the track was removed or replaced since the copy was asked for: a
 * copy is named by the track's file (its key), so the newer text belongs in another copy, never in this one.
 */
export async function burnedCaptionsFile(
  ctx: AppContext,
  row: RenditionRow,
  steps: readonly FitStep[],
): Promise<string | null> {
  const captionId = (row.request as { burnCaptions?: number } | null)?.burnCaptions;
  if (captionId === undefined) return null;
  const caption = await findCaptionOfUser(ctx.db, captionId, row.user_id);
  if (!caption) throw new Error('the caption track to burn in was removed');
  const askedFor = (row.request as { burned?: { uploadedAt?: string } } | null)?.burned?.uploadedAt;
  if (askedFor !== undefined && askedFor !== burnedOf(caption).uploadedAt)
    throw new Error('the caption track was replaced after this copy was asked for: make the copy again');
  const startMs = trimStepOf(steps)?.startMs ?? 0;
  const cues = parseSubtitles(await readStoredText(ctx, caption.filename))
    .cues.filter((c) => c.endMs > startMs)
    .map((c) => ({ ...c, startMs: Math.max(0, c.startMs - startMs), endMs: c.endMs - startMs }));
  const file = tempPath(ctx.config.tmpDir, 'srt');
  await fs.writeFile(file, toSrt(cues));
  return file;
}
