import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { probeMedia } from './media-facts';

const dir = mkdtempSync(join(tmpdir(), 'emu-facts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ffprobe = process.env.FFPROBE_PATH ?? 'ffprobe';

/** One second of ffmpeg's test picture at 128×96, written in the given output format. */
function clip(name: string, format: string[]): string {
  const file = join(dir, name);
  execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=d=1:s=128x96:r=24'],
    ...format,
    file,
  ]);
  return file;
}

describe('what the emulator reads from uploaded bytes', () => {
  it('reads a video in a container as a platform would: size, rate and format', () => {
    const facts = probeMedia(clip('a.mp4', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']), ffprobe);
    expect(facts).toMatchObject({ width: 128, height: 96, fps: 24, videoCodec: 'h264', pixelFormat: 'yuv420p' });
    expect(facts?.container).toContain('mp4');
  });

  it('counts bytes whose format ffprobe only guesses from patterns (a raw MJPEG stream, score 26) as unreadable', () => {
    // Random bytes meet the same guess now and then (a 128×96 "H.263" stream at score 25): such uploads are the
    // adapters' opaque test bytes, and the platforms' media rules must not refuse them at random.
    const file = clip('raw.bin', ['-f', 'mjpeg']);
    const score = execFileSync(ffprobe, ['-v', 'error', '-show_entries', 'format=probe_score', '-of', 'csv=p=0', file]);
    expect(Number(score.toString().trim())).toBeLessThan(50);
    expect(probeMedia(file, ffprobe)).toBeNull();
  });
});
