import fs from 'node:fs/promises';
import { SAFE_INPUT_ARGS } from './containers';
import { runProcess } from './run-process';

export const THUMBNAIL_WIDTH = 480;

/** About a second in, where intros have usually faded up; the middle of clips shorter than two seconds. */
export function thumbnailTime(durationSeconds: number | null): number {
  if (!durationSeconds) return 0;
  return Math.min(1, durationSeconds / 2);
}

/** One frame at `atSeconds` as a JPEG of at most 480 px wide; whether ffmpeg wrote one. */
export async function grabFrame(ffmpeg: string, video: string, out: string, atSeconds: number, timeoutMs: number) {
  const args = [
    '-v',
    'error',
    '-nostdin',
    '-y',
    ...SAFE_INPUT_ARGS,
    '-ss',
    atSeconds.toFixed(3),
    '-i',
    video,
    '-frames:v',
    '1',
    '-an',
    '-vf',
    `scale='min(${THUMBNAIL_WIDTH},iw)':-2,setsar=1`,
    '-q:v',
    '4',
    '-f',
    'image2',
    '-c:v',
    'mjpeg',
    out,
  ];
  const result = await runProcess(ffmpeg, args, { timeoutMs });
  const size = await fs.stat(out).then(
    (s) => s.size,
    () => 0,
  );
  return result.exitCode === 0 && size > 0;
}

/**
 * Writes a JPEG preview (at most 480 px wide) of `video` to `out`. Falls back to the first frame when
 * seeking finds nothing. Throws when no frame can be decoded; removes a partial `out` first.
 */
export async function makeThumbnail(
  ffmpeg: string,
  video: string,
  out: string,
  durationSeconds: number | null,
  timeoutMs: number,
): Promise<void> {
  try {
    const at = thumbnailTime(durationSeconds);
    if (await grabFrame(ffmpeg, video, out, at, timeoutMs)) return;
    if (at > 0 && (await grabFrame(ffmpeg, video, out, 0, timeoutMs))) return;
  } catch (err) {
    await fs.rm(out, { force: true });
    throw err;
  }
  await fs.rm(out, { force: true });
  throw new Error('ffmpeg could not decode a frame for the thumbnail');
}
