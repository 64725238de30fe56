import { describe, expect, it } from 'vitest';
import type { MediaFacts } from './media-facts';
import { mediaProblems } from './media-rules';

const facts = (f: Partial<MediaFacts> = {}): MediaFacts => ({
  container: 'mov,mp4,m4a,3gp,3g2,mj2',
  videoCodec: 'h264',
  audioCodec: 'aac',
  width: 1080,
  height: 1920,
  fps: 30,
  durationMs: 30_000,
  pixelFormat: 'yuv420p',
  fieldOrder: 'progressive',
  ...f,
});
const rules = (surface: Parameters<typeof mediaProblems>[0], f: Partial<MediaFacts>) =>
  mediaProblems(surface, facts(f)).map((p) => p.rule);

// Each case is a line of ../shared/reference/platform-apis.md's "Limits" for the platform.
describe('the platforms’ documented media rules', () => {
  it('a 1080×1920 H.264 clip of 30 s at 30 fps keeps every platform’s rules', () => {
    for (const surface of ['tiktok', 'instagram', 'facebook-reel', 'facebook-video', 'youtube', 'x', 'reddit'] as const)
      expect(mediaProblems(surface, facts({ width: 720, height: 1280 })), surface).toEqual([]);
  });

  it('X: H.264 and AAC only, within 1280×1024 either way round, 1:3 to 3:1, at most 60 fps', () => {
    expect(rules('x', { videoCodec: 'hevc', width: 1280, height: 720 })).toEqual(['codec']);
    expect(rules('x', { audioCodec: 'opus', width: 1280, height: 720 })).toEqual(['codec']);
    expect(rules('x', { width: 1920, height: 1080 })).toEqual(['size']);
    expect(rules('x', { width: 720, height: 1280 })).toEqual([]);
    expect(rules('x', { width: 1024, height: 1024 })).toEqual([]);
    expect(rules('x', { width: 1280, height: 360 })).toEqual(['aspect']);
    expect(rules('x', { width: 1280, height: 720, fps: 120 })).toEqual(['frame-rate']);
    expect(rules('x', { width: 1280, height: 720, fieldOrder: 'tt' })).toEqual(['format']);
  });

  it('a Facebook Reel is 9:16, at most 90 s; a Page video has no such rule', () => {
    expect(rules('facebook-reel', { width: 1920, height: 1080 })).toEqual(['aspect']);
    expect(rules('facebook-reel', { durationMs: 100_000 })).toEqual(['duration']);
    expect(rules('facebook-video', { width: 1920, height: 1080, durationMs: 100_000, videoCodec: 'hevc' })).toEqual([]);
  });

  it('Instagram: H.264 or HEVC, at most 1920 px wide, 4:2:0, at most 15 minutes', () => {
    expect(rules('instagram', { videoCodec: 'hevc' })).toEqual([]);
    expect(rules('instagram', { videoCodec: 'vp9' })).toEqual(['codec']);
    expect(rules('instagram', { width: 3840, height: 2160 })).toEqual(['size']);
    expect(rules('instagram', { pixelFormat: 'yuv422p' })).toEqual(['format']);
    expect(rules('instagram', { durationMs: 16 * 60_000 })).toEqual(['duration']);
  });

  it('TikTok: MP4, MOV or WebM, at most 10 minutes, 60 fps and 4096 px', () => {
    expect(rules('tiktok', { container: 'avi' })).toEqual(['format']);
    expect(rules('tiktok', { container: 'matroska,webm' })).toEqual([]);
    expect(rules('tiktok', { durationMs: 601_000 })).toEqual(['duration']);
    expect(rules('tiktok', { fps: 90 })).toEqual(['frame-rate']);
    expect(rules('tiktok', { width: 4320, height: 7680 })).toEqual(['size']);
  });

  it('TikTok: at least 3 s, 23 fps and 360 px a side (L28 "3 s–10 min, 23–60 fps, 360–4096 px")', () => {
    const ok = { width: 360, height: 640, fps: 23, durationMs: 3_000 };
    expect(rules('tiktok', ok)).toEqual([]);
    expect(rules('tiktok', { ...ok, durationMs: 2_999 })).toEqual(['duration']);
    expect(rules('tiktok', { ...ok, fps: 22.99 })).toEqual(['frame-rate']);
    expect(rules('tiktok', { ...ok, width: 358 })).toEqual(['size']);
    expect(rules('tiktok', { ...ok, width: 640, height: 358 })).toEqual(['size']);
  });

  it('Instagram: at least 3 s and 23 fps (L41 "23–60 fps", "3 s–15 min")', () => {
    expect(rules('instagram', { fps: 23, durationMs: 3_000 })).toEqual([]);
    expect(rules('instagram', { durationMs: 2_999 })).toEqual(['duration']);
    expect(rules('instagram', { fps: 22.99 })).toEqual(['frame-rate']);
  });

  it('a Facebook Reel is at least 540×960, 24 fps and 3 s (L49 "min 540×960", "24–60 fps", "3–90 s")', () => {
    const ok = { width: 540, height: 960, fps: 24, durationMs: 3_000 };
    expect(rules('facebook-reel', ok)).toEqual([]);
    expect(rules('facebook-reel', { ...ok, width: 538, height: 956 })).toEqual(['size']);
    expect(rules('facebook-reel', { ...ok, fps: 23.976 })).toEqual(['frame-rate']);
    expect(rules('facebook-reel', { ...ok, durationMs: 2_999 })).toEqual(['duration']);
  });

  it('X: at least 32×32 either way round and 0.5 s (L64 "0.5 s–20 min", "32×32–1280×1024")', () => {
    expect(rules('x', { width: 32, height: 32, durationMs: 500 })).toEqual([]);
    expect(rules('x', { width: 32, height: 30 })).toEqual(['size']);
    expect(rules('x', { width: 30, height: 32 })).toEqual(['size']);
    expect(rules('x', { width: 1280, height: 720, durationMs: 499 })).toEqual(['duration']);
  });

  it('YouTube, Reddit and a Facebook Page video hold no minimum: their documents give none', () => {
    const tiny = { width: 16, height: 16, fps: 1, durationMs: 100 };
    for (const surface of ['youtube', 'reddit', 'facebook-video'] as const) expect(rules(surface, tiny)).toEqual([]);
  });

  it('says what is wrong in words', () => {
    expect(mediaProblems('x', facts({ width: 1920, height: 1080 }))[0]!.words).toBe(
      'The video is 1920×1080; X takes at most 1280×1024 (either way round).',
    );
    expect(mediaProblems('tiktok', facts({ durationMs: 2_000 }))[0]!.words).toBe(
      'The video lasts 2 s; TikTok takes at least 3 seconds.',
    );
  });
});
