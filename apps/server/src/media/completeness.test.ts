import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../test/test-server';
import { resolveBinaries } from './binaries';
import { framingCompleteness, tailCompleteness } from './completeness';
import { createMedia } from './media';

describe('completeness of a video file', () => {
  const { ffmpeg, ffprobe } = resolveBinaries({});
  const media = createMedia();
  let dir: string;
  const make = (name: string, ...args: string[]) => {
    const file = path.join(dir, name);
    execFileSync(ffmpeg, [
      ...['-v', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=5:size=160x120:rate=25'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '40', '-pix_fmt', 'yuv420p', ...args, file],
    ]);
    const half = path.join(dir, `half-${name}`);
    fs.writeFileSync(half, fs.readFileSync(file).subarray(0, Math.floor(fs.statSync(file).size / 2)));
    return { whole: file, half };
  };
  let mp4: { whole: string; half: string };
  let mkv: { whole: string; half: string };
  let ts: { whole: string; half: string };

  beforeAll(() => {
    dir = makeTempDir('fanout-completeness-');
    mp4 = make('a.mp4', '-movflags', '+faststart');
    mkv = make('a.mkv');
    ts = make('a.ts');
  });

  it('tells a whole MP4 and Matroska file from their first halves by the framing alone', async () => {
    expect(await framingCompleteness(mp4.whole, 'mov,mp4,m4a,3gp,3g2,mj2')).toBe('complete');
    expect(await framingCompleteness(mp4.half, 'mov,mp4,m4a,3gp,3g2,mj2')).toBe('incomplete');
    expect(await framingCompleteness(mkv.whole, 'matroska,webm')).toBe('complete');
    expect(await framingCompleteness(mkv.half, 'matroska,webm')).toBe('incomplete');
    expect(await framingCompleteness(ts.whole, 'mpegts')).toBe('unknown');
  });

  it('tells them apart by the packets of the last seconds too, when the framing cannot', async () => {
    const facts = async (file: string) => media.probe(file);
    for (const { whole, half } of [mp4, mkv]) {
      const declared = await facts(half);
      // The cut file still declares the whole duration: its index or header is whole.
      expect(declared.durationSeconds).toBeGreaterThan(4.5);
      expect(await tailCompleteness(ffprobe, half, declared, 30_000)).toBe('incomplete');
      expect(await tailCompleteness(ffprobe, whole, await facts(whole), 30_000)).toBe('complete');
    }
    // A transport stream has no framing to check: its last packets prove it whole.
    expect(await media.completeness(ts.whole, await facts(ts.whole))).toBe('complete');
  });

  it('says an MP4 whose index went with its second half was cut short, and a text file was not', async () => {
    const plain = make('b.mp4');
    expect((await media.probe(plain.half)).hasVideo).toBe(false);
    expect(await media.looksCutShort(plain.half)).toBe(true);
    const text = path.join(dir, 'text.mp4');
    fs.writeFileSync(text, 'not a video at all\n'.repeat(10));
    expect(await media.looksCutShort(text)).toBe(false);
  });
});
