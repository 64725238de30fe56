import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { planFit, type FitChoices, type FitTarget } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from '../../test/clips';
import { makeTempDir } from '../../test/test-server';
import { resolveBinaries } from './binaries';
import { probeFile } from './ffprobe';
import { failureReason, renderFit, RenderError } from './render-fit';

const { ffmpeg, ffprobe } = resolveBinaries({});
const hasX265 = execFileSync(ffmpeg, ['-hide_banner', '-encoders'], { encoding: 'utf8' }).includes('libx265');

/** The top-level MP4 boxes in file order: faststart puts `moov` before `mdat`. */
function topLevelBoxes(file: string): string[] {
  const buf = fs.readFileSync(file);
  const types: string[] = [];
  for (let at = 0; at + 8 <= buf.length;) {
    let size = buf.readUInt32BE(at);
    if (size === 1) size = Number(buf.readBigUInt64BE(at + 8));
    types.push(buf.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return types;
}

async function planFor(file: string, target: FitTarget, choices: FitChoices = {}, faststart: boolean | null = null) {
  const p = await probeFile(ffprobe, file, 30_000);
  const facts = {
    durationSeconds: p.durationSeconds,
    sizeBytes: fs.statSync(file).size,
    width: p.width,
    height: p.height,
    fps: p.fps,
    videoCodec: p.videoCodec,
    audioCodec: p.audioCodec,
    mimeType: p.container?.mimeType ?? null,
    faststart,
  };
  return planFit(facts, target, choices).plan;
}

describe('renderFit: a fit plan rendered by ffmpeg, checked with ffprobe', () => {
  let dir: string;
  beforeAll(() => {
    dir = makeTempDir('fanout-render-test-');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.runIf(hasX265)('makes a 1920×1080 HEVC clip a 1080×1920 H.264 Facebook Reel, padded, index first', async () => {
    const source = makeClip(path.join(dir, 'hevc.mp4'), '1920x1080', 2, [
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'],
    ]);
    const plan = await planFor(source, { platform: 'facebook', options: { kind: 'reel' } });
    expect(plan.steps.map((s) => s.kind)).toEqual(['pad', 'transcode']);
    const output = path.join(dir, 'reel.mp4');
    const seen: number[] = [];
    await renderFit({
      ffmpeg,
      steps: plan.steps,
      input: source,
      output,
      sourceDurationMs: 2000,
      onProgress: (p) => seen.push(p),
    });
    const out = await probeFile(ffprobe, output, 30_000);
    expect(out).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 1080, height: 1920, fps: 30 });
    expect(out.durationSeconds).toBeCloseTo(2, 0);
    const boxes = topLevelBoxes(output);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((p, i) => p >= 0 && p <= 1 && (i === 0 || p >= seen[i - 1]!))).toBe(true);
  });

  it('crops a landscape clip to 9:16 at the left edge and keeps the chosen range', async () => {
    const source = makeClip(path.join(dir, 'small.mp4'), '640x360', 4, ['-c:v', 'libx264', '-preset', 'ultrafast']);
    const plan = await planFor(
      source,
      { platform: 'tiktok' },
      { vertical: true, aspect: 'crop', cropX: 0, trim: { startMs: 1000, endMs: 4000 } },
    );
    expect(plan.steps.map((s) => s.kind)).toEqual(['trim', 'crop', 'transcode']);
    const output = path.join(dir, 'cropped.mp4');
    await renderFit({ ffmpeg, steps: plan.steps, input: source, output, sourceDurationMs: 4000 });
    const out = await probeFile(ffprobe, output, 30_000);
    expect(out).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 202, height: 360, fps: 30 });
    expect(out.durationSeconds).toBeCloseTo(3, 0);
  });

  it('re-wraps an MP4 whose index is at its end without re-encoding: the same streams, index first', async () => {
    const source = makeClip(path.join(dir, 'late-index.mp4'), '320x240', 2, [
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
    ]);
    expect(topLevelBoxes(source).indexOf('moov')).toBeGreaterThan(topLevelBoxes(source).indexOf('mdat'));
    const plan = await planFor(source, { platform: 'instagram' }, {}, false);
    expect(plan.steps).toEqual([{ kind: 'rewrap', container: 'mp4', faststart: true }]);
    const output = path.join(dir, 'rewrapped.mp4');
    await renderFit({ ffmpeg, steps: plan.steps, input: source, output, sourceDurationMs: 2000 });
    const boxes = topLevelBoxes(output);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    const [before, after] = await Promise.all([probeFile(ffprobe, source, 30_000), probeFile(ffprobe, output, 30_000)]);
    expect(after).toMatchObject({ videoCodec: 'h264', width: 320, height: 240, fps: before.fps });
    // The same encoded streams: the file only moved its index (a few bytes of metadata aside).
    expect(Math.abs(fs.statSync(output).size - fs.statSync(source).size)).toBeLessThan(2048);
  });

  it('encodes with the x264 preset it is given (RENDER_PRESET), veryfast unless told', async () => {
    const source = makeClip(path.join(dir, 'preset.mp4'), '640x360', 1, ['-c:v', 'libx264', '-preset', 'ultrafast']);
    const plan = await planFor(source, { platform: 'facebook', options: { kind: 'reel' } });
    const job = { ffmpeg, steps: plan.steps, input: source, sourceDurationMs: 1000 };
    // x264 writes the settings it encoded with into the stream itself; subme is 0 only at ultrafast, 2 at veryfast.
    const settings = (file: string) => /subme=(\d+)/.exec(fs.readFileSync(file).toString('latin1'))?.[1];
    await renderFit({ ...job, output: path.join(dir, 'default.mp4') });
    await renderFit({ ...job, output: path.join(dir, 'ultrafast.mp4'), preset: 'ultrafast' });
    expect(settings(path.join(dir, 'default.mp4'))).toBe('2');
    expect(settings(path.join(dir, 'ultrafast.mp4'))).toBe('0');
  });

  it('stops ffmpeg when aborted and leaves no partial copy', async () => {
    const source = makeClip(path.join(dir, 'abort.mp4'), '640x360', 4, ['-c:v', 'libx264', '-preset', 'ultrafast']);
    const plan = await planFor(source, { platform: 'facebook', options: { kind: 'reel' } });
    const output = path.join(dir, 'aborted.mp4');
    const controller = new AbortController();
    const render = renderFit({
      ffmpeg,
      steps: plan.steps,
      input: source,
      output,
      sourceDurationMs: 4000,
      // Stopped as soon as ffmpeg has begun writing.
      onProgress: () => controller.abort(new Error('the rendition was deleted')),
      signal: controller.signal,
    });
    await expect(render).rejects.toThrow('the rendition was deleted');
    expect(fs.existsSync(output)).toBe(false);
  });

  it("fails with ffmpeg's reason in words for a file it cannot read", async () => {
    const source = path.join(dir, 'not-a-video.mp4');
    fs.writeFileSync(source, 'this is text, not a video');
    const output = path.join(dir, 'never.mp4');
    const steps = [{ kind: 'rewrap', container: 'mp4', faststart: true }] as const;
    const failure = await renderFit({ ffmpeg, steps: [...steps], input: source, output, sourceDurationMs: null }).catch(
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(RenderError);
    expect((failure as RenderError).reason).toMatch(/invalid data|moov atom not found/i);
    expect((failure as RenderError).reason).not.toMatch(/\n|\s+at\s/);
    // The server's own paths are not shown to the person.
    expect((failure as RenderError).reason).not.toContain(path.dirname(source));
    expect((failure as RenderError).reason).toMatch(/^the video: /);
    expect(fs.existsSync(output)).toBe(false);
  });

  it('takes the last line that names the cause, without the component prefix', () => {
    const stderr = '[libx264 @ 0x55d1c0] height not divisible by 2 (1080x1081)\nConversion failed!\n';
    expect(failureReason(stderr, 1)).toBe('height not divisible by 2 (1080x1081)');
    expect(failureReason('', 137)).toBe('ffmpeg stopped with exit code 137');
    expect(
      failureReason('/srv/data/tmp/a1b2.mp4: Invalid data found', 1, { '/srv/data/tmp/a1b2.mp4': 'the video' }),
    ).toBe('the video: Invalid data found');
    expect(failureReason('Could not open /var/lib/fanout/media/x/y.srt', 1)).toBe('Could not open y.srt');
  });
});

describe('renderFit with captions burned in', () => {
  let dir: string;
  beforeAll(() => {
    dir = makeTempDir('fanout-burn-test-');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The MD5 of the decoded frame at 0.5 s. */
  const frameHash = (file: string) =>
    execFileSync(ffmpeg, ['-v', 'error', '-ss', '0.5', '-i', file, '-frames:v', '1', '-f', 'md5', '-'], {
      encoding: 'utf8',
    }).trim();

  it('draws the cues into the picture: the frame under a cue differs from the same copy without captions', async () => {
    const source = makeClip(path.join(dir, 'clip.mp4'), '640x360', 2, ['-c:v', 'libx264', '-preset', 'ultrafast']);
    const plan = await planFor(source, { platform: 'facebook', options: { kind: 'reel' } });
    expect(plan.steps.some((s) => s.kind === 'transcode')).toBe(true);
    const captions = path.join(dir, 'cues.srt');
    fs.writeFileSync(captions, '1\n00:00:00,000 --> 00:00:01,500\nBURNED IN\n');
    const job = { ffmpeg, steps: plan.steps, input: source, sourceDurationMs: 2000 };
    const plain = path.join(dir, 'plain.mp4');
    const burned = path.join(dir, 'burned.mp4');
    await renderFit({ ...job, output: plain });
    await renderFit({ ...job, output: burned, captionsFile: captions });
    expect(frameHash(burned)).not.toBe(frameHash(plain));
    const again = path.join(dir, 'plain-again.mp4');
    await renderFit({ ...job, output: again });
    expect(frameHash(again)).toBe(frameHash(plain));
  });
});
