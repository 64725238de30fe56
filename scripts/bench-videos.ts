/** Real videos for the benchmarks, made with ffmpeg. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A real video of about `mb` MB: 10 s of lossless 1080p H.264 with AAC sound, looped by stream copy (at disk
 * speed, not encoder speed) into one MP4 with its index at the front.
 */
export function makeLongMp4(dir: string, mb: number, name = `long-${mb}.mp4`): string {
  const seg = path.join(dir, 'segment.mp4');
  if (!fs.existsSync(seg)) {
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-nostdin', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=duration=10:size=1920x1080:rate=30'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=10'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '128k', '-shortest', seg],
    ]);
  }
  const loops = Math.max(0, Math.round((mb * 1024 * 1024) / fs.statSync(seg).size) - 1);
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-nostdin', '-y', '-stream_loop', String(loops), '-i', seg],
    ...['-c', 'copy', '-movflags', '+faststart', file],
  ]);
  return file;
}
