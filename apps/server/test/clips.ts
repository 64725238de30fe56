import { execFileSync } from 'node:child_process';
import { resolveBinaries } from '../src/media/binaries';

/**
 * A real clip made by ffmpeg: its test pattern at `size` for `seconds` at 30 fps and a tone (AAC), encoded with
 * the `video` arguments given (H.264 by default, small and quick).
 */
export function makeClip(
  file: string,
  size: string,
  seconds: number,
  video: string[] = ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '35'],
  extra: string[] = [],
): string {
  execFileSync(resolveBinaries({}).ffmpeg, [
    ...['-v', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${size}:rate=30`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...video,
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-shortest', ...extra, file],
  ]);
  return file;
}
