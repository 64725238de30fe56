import { describe, expect, it } from 'vitest';
import { planFit, type FitChoices, type FitFacts, type FitStep, type FitTarget } from './fit-plan';

const MiB = 1024 ** 2;
const clip = (over: Partial<FitFacts>): FitFacts => ({
  durationSeconds: 100,
  sizeBytes: 120 * MiB,
  width: 1920,
  height: 1080,
  fps: 30,
  videoCodec: 'hevc',
  audioCodec: 'aac',
  mimeType: 'video/mp4',
  faststart: true,
  ...over,
});
const hevc1080 = clip({});
const h264Vertical = clip({ width: 1080, height: 1920, videoCodec: 'h264', durationSeconds: 40, sizeBytes: 40 * MiB });
const landscape = clip({ videoCodec: 'h264', durationSeconds: 40, sizeBytes: 40 * MiB });

interface Case {
  name: string;
  facts: FitFacts;
  target: FitTarget;
  choices?: FitChoices;
  fits: boolean;
  steps: FitStep['kind'][];
  output: { width: number; height: number; videoCodec: string; durationMs: number };
  has?: Partial<FitStep>[];
}

const cases: Case[] = [
  {
    name: 'HEVC 1920×1080 100 s to a Facebook Reel: trimmed to 90 s, padded to 9:16, H.264',
    facts: hevc1080,
    target: { platform: 'facebook', options: { kind: 'reel' } },
    fits: false,
    steps: ['trim', 'pad', 'transcode'],
    output: { width: 1080, height: 1920, videoCodec: 'h264', durationMs: 90_000 },
    has: [{ kind: 'trim', startMs: 0, endMs: 90_000 }],
  },
  {
    name: "the same to X: scaled into X's 1280×1024 box as 1280×720, H.264, not trimmed",
    facts: hevc1080,
    target: { platform: 'x' },
    fits: false,
    steps: ['scale', 'transcode'],
    output: { width: 1280, height: 720, videoCodec: 'h264', durationMs: 100_000 },
  },
  {
    name: 'the same to a Facebook Page video: fits as it is',
    facts: hevc1080,
    target: { platform: 'facebook', options: { kind: 'video' } },
    fits: true,
    steps: [],
    output: { width: 1920, height: 1080, videoCodec: 'hevc', durationMs: 100_000 },
  },
  {
    name: 'the same clip with captions to burn in (reencode): fits, re-encoded at its own size',
    facts: h264Vertical,
    target: { platform: 'tiktok' },
    choices: { reencode: true },
    fits: true,
    steps: ['transcode'],
    output: { width: 1080, height: 1920, videoCodec: 'h264', durationMs: 40_000 },
  },
  {
    name: 'a 1080×1920 H.264 clip to TikTok within its limits: fits, nothing to do',
    facts: h264Vertical,
    target: { platform: 'tiktok', options: { privacyLevel: 'SELF_ONLY' } },
    fits: true,
    steps: [],
    output: { width: 1080, height: 1920, videoCodec: 'h264', durationMs: 40_000 },
  },
  {
    name: "TikTok with the account's own 30 s maximum (creator_info): trimmed to 30 s",
    facts: h264Vertical,
    target: { platform: 'tiktok', account: { maxDurationSeconds: 30 } },
    fits: false,
    steps: ['trim', 'transcode'],
    output: { width: 1080, height: 1920, videoCodec: 'h264', durationMs: 30_000 },
  },
  {
    name: 'an MP4 with its index at the end, otherwise fine for Instagram: re-wrapped only',
    facts: { ...h264Vertical, faststart: false },
    target: { platform: 'instagram' },
    fits: false,
    steps: ['rewrap'],
    output: { width: 1080, height: 1920, videoCodec: 'h264', durationMs: 40_000 },
  },
  {
    name: 'vertical on a landscape clip to Instagram: padded to 1080×1920 by default',
    facts: landscape,
    target: { platform: 'instagram' },
    choices: { vertical: true },
    fits: true,
    steps: ['pad', 'transcode'],
    output: { width: 1080, height: 1920, videoCodec: 'h264', durationMs: 40_000 },
    has: [{ kind: 'pad', width: 1080, height: 1920, background: 'blur' }],
  },
  {
    name: 'vertical by crop at cropX 0.25: the 608×1080 region a quarter of the way across',
    facts: landscape,
    target: { platform: 'instagram' },
    choices: { vertical: true, aspect: 'crop', cropX: 0.25 },
    fits: true,
    steps: ['crop', 'transcode'],
    output: { width: 608, height: 1080, videoCodec: 'h264', durationMs: 40_000 },
    has: [{ kind: 'crop', width: 608, height: 1080, x: 328, y: 0 }],
  },
  {
    name: 'vertical asked for X, which is not a short-video surface: nothing changes',
    facts: clip({ width: 1280, height: 720, videoCodec: 'h264', durationSeconds: 40, sizeBytes: 20 * MiB }),
    target: { platform: 'x' },
    choices: { vertical: true },
    fits: true,
    steps: [],
    output: { width: 1280, height: 720, videoCodec: 'h264', durationMs: 40_000 },
  },
  {
    name: 'a 640×360 HEVC clip to X is re-encoded, never upscaled',
    facts: clip({ width: 640, height: 360, durationSeconds: 20, sizeBytes: 3 * MiB }),
    target: { platform: 'x' },
    fits: false,
    steps: ['transcode'],
    output: { width: 640, height: 360, videoCodec: 'h264', durationMs: 20_000 },
  },
  {
    name: 'a chosen range is the range kept',
    facts: hevc1080,
    target: { platform: 'facebook', options: { kind: 'reel' } },
    choices: { trim: { startMs: 5_000, endMs: 65_000 } },
    fits: false,
    steps: ['trim', 'pad', 'transcode'],
    output: { width: 1080, height: 1920, videoCodec: 'h264', durationMs: 60_000 },
  },
];

describe('planFit', () => {
  it.each(cases)('$name', (c) => {
    const result = planFit(c.facts, c.target, c.choices);
    expect(result.fits).toBe(c.fits);
    expect(result.fits).toBe(result.violations.length === 0);
    expect(result.plan.steps.map((s) => s.kind)).toEqual(c.steps);
    expect(result.plan.output).toMatchObject(c.output);
    for (const step of c.has ?? []) expect(result.plan.steps).toContainEqual(expect.objectContaining(step));
    // The copy planned meets every rule the source broke.
    expect(result.plan.remaining).toEqual([]);
  });

  it('names what does not fit in the violations, each with its rule', () => {
    const rules = planFit(hevc1080, { platform: 'x' }).violations.map((v) => v.rule);
    expect(rules).toEqual(['video.long_side_max', 'video.short_side_max', 'video.video_codec']);
  });

  it('estimates the bytes from the target bitrates × the duration', () => {
    const { plan } = planFit(hevc1080, { platform: 'x' });
    const encode = plan.steps.find((s) => s.kind === 'transcode');
    expect(encode).toMatchObject({ videoBitrate: Math.round(1280 * 720 * 30 * 0.13), audioBitrate: 128_000 });
    expect(plan.output.estimatedBytes).toBe(Math.round(((1280 * 720 * 30 * 0.13 + 128_000) * 100) / 8));
  });

  it('keeps a Reel too small to reach 540×960 as a remaining violation rather than upscaling it', () => {
    const small = clip({ width: 640, height: 360, videoCodec: 'h264', durationSeconds: 20 });
    const { plan } = planFit(small, { platform: 'facebook', options: { kind: 'reel' } });
    expect(plan.output).toMatchObject({ width: 360, height: 640 });
    expect(plan.remaining.map((v) => v.rule)).toEqual(['video.width_min', 'video.height_min']);
  });

  it('widens a chosen range shorter than the target’s least duration to it, within the video', () => {
    const reel = { platform: 'facebook' as const, options: { kind: 'reel' } };
    const later = planFit(h264Vertical, reel, { trim: { startMs: 10_000, endMs: 11_000 } }).plan;
    expect(later.steps[0]).toEqual({ kind: 'trim', startMs: 10_000, endMs: 13_000 });
    expect(later.remaining).toEqual([]);
    // At the video's end the range grows back towards its start instead.
    const earlier = planFit(h264Vertical, reel, { trim: { startMs: 39_000, endMs: 40_000 } }).plan;
    expect(earlier.steps[0]).toEqual({ kind: 'trim', startMs: 37_000, endMs: 40_000 });
    expect(earlier.output.durationMs).toBe(3_000);
  });

  it('cannot lengthen a video shorter than the minimum: its violation stands, the rest is fixed', () => {
    const short = clip({ width: 1080, height: 1920, videoCodec: 'hevc', durationSeconds: 2, fps: 15 });
    const { plan } = planFit(short, { platform: 'tiktok' }, { trim: { startMs: 500, endMs: 1_500 } });
    expect(plan.steps[0]).toEqual({ kind: 'trim', startMs: 500, endMs: 1_500 });
    expect(plan.output).toMatchObject({ fps: 23, videoCodec: 'h264' });
    expect(plan.remaining.map((v) => v.rule)).toEqual(['video.duration_min']);
  });
});
