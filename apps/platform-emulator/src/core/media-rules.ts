import type { MediaFacts } from './media-facts';

/** Where a video goes: the rules differ between a Facebook Reel and a Page video, so a platform may have two. */
export type MediaSurface = 'tiktok' | 'instagram' | 'facebook-reel' | 'facebook-video' | 'youtube' | 'x' | 'reddit';

/** Which of a platform's rules the bytes break, for the platforms that answer with a code per kind (TikTok). */
export type MediaRule = 'format' | 'codec' | 'duration' | 'frame-rate' | 'size' | 'aspect';

export interface MediaProblem {
  rule: MediaRule;
  words: string;
}

/**
 * The media rules each platform documents (../shared/reference/platform-apis.md, the "Limits" line of each
 * platform; the line numbers below are that file's), checked against what ffprobe reads from the bytes the
 * platform received: the minima as well as the maxima, the codecs, the aspect and the scan. A platform whose
 * line gives no figure for a fact (YouTube, Reddit, a Page video's length) holds none here.
 */
const RULES: Record<MediaSurface, (f: MediaFacts) => MediaProblem[]> = {
  // L28: "Video MP4/MOV/WebM, 3 s–10 min, 23–60 fps, 360–4096 px".
  tiktok: (f) => [
    ...container(f, ['mp4', 'mov', 'webm', 'matroska'], 'MP4, MOV or WebM'),
    ...atLeast(f.durationMs, 3_000, 'duration', `The video lasts ${seconds(f)}; TikTok takes at least 3 seconds.`),
    ...atMost(f.durationMs, 600_000, 'duration', `The video lasts ${seconds(f)}; TikTok takes at most 10 minutes.`),
    ...atLeast(f.fps, 23, 'frame-rate', `The video has ${f.fps} frames a second; TikTok takes at least 23.`),
    ...atMost(f.fps, 60, 'frame-rate', `The video has ${f.fps} frames a second; TikTok takes at most 60.`),
    // "360–4096 px": every side, so the short side at least 360 and the long side at most 4096.
    ...atLeast(shortSide(f), 360, 'size', `The video is ${box(f)}; TikTok takes at least 360 px a side.`),
    ...atMost(longSide(f), 4096, 'size', `The video is ${box(f)}; TikTok takes at most 4096 px a side.`),
  ],
  // L41: "MOV/MP4 …; H.264/HEVC progressive, …, 4:2:0, 23–60 fps, ≤ 1920 px wide, …; aspect 0.01:1–10:1; 3 s–15 min".
  instagram: (f) => [
    ...container(f, ['mp4', 'mov'], 'MOV or MP4'),
    ...codec(f, ['h264', 'hevc'], 'H.264 or HEVC', 'Instagram'),
    ...scan(f, 'Instagram'),
    ...atLeast(f.fps, 23, 'frame-rate', `The video has ${f.fps} frames a second; Instagram takes at least 23.`),
    ...atMost(f.fps, 60, 'frame-rate', `The video has ${f.fps} frames a second; Instagram takes at most 60.`),
    ...atMost(f.width, 1920, 'size', `The video is ${f.width} px wide; Instagram takes at most 1920.`),
    ...aspectWithin(f, 0.01, 10, 'Instagram takes 0.01:1 to 10:1'),
    ...atLeast(f.durationMs, 3_000, 'duration', `The video lasts ${seconds(f)}; Instagram takes at least 3 seconds.`),
    ...atMost(f.durationMs, 900_000, 'duration', `The video lasts ${seconds(f)}; Instagram takes at most 15 minutes.`),
  ],
  // L49: "Reels MP4 9:16, 1080×1920 recommended (min 540×960), 24–60 fps, 3–90 s".
  'facebook-reel': (f) => [
    ...container(f, ['mp4'], 'MP4'),
    ...aspectWithin(f, 9 / 16 - 0.01, 9 / 16 + 0.01, 'a Facebook Reel is 9:16'),
    ...(f.width < 540 || f.height < 960
      ? [{ rule: 'size' as const, words: `The video is ${box(f)}; a Facebook Reel is at least 540×960.` }]
      : []),
    ...atLeast(f.fps, 24, 'frame-rate', `The video has ${f.fps} frames a second; a Facebook Reel takes at least 24.`),
    ...atMost(f.fps, 60, 'frame-rate', `The video has ${f.fps} frames a second; a Facebook Reel takes at most 60.`),
    ...atLeast(
      f.durationMs,
      3_000,
      'duration',
      `The video lasts ${seconds(f)}; a Facebook Reel takes at least 3 seconds.`,
    ),
    ...atMost(
      f.durationMs,
      90_000,
      'duration',
      `The video lasts ${seconds(f)}; a Facebook Reel takes at most 90 seconds.`,
    ),
  ],
  // L49: a regular Page video is limited by its size only (≤ 2 GB, checked when it is received).
  'facebook-video': () => [],
  // L56: YouTube takes any video/* file up to 256 GB; it converts what it receives.
  youtube: () => [],
  // L64: "0.5 s–20 min …; H.264 High, AAC-LC, ≤ 60 fps, 32×32–1280×1024 read orientation-free …, aspect 1:3–3:1,
  // 4:2:0, progressive". The profile (High) is X's recommendation in its media best practices and is not held.
  x: (f) => [
    ...codec(f, ['h264'], 'H.264', 'X'),
    ...(f.audioCodec && f.audioCodec !== 'aac'
      ? [{ rule: 'codec' as const, words: `The sound is ${f.audioCodec}; X takes AAC.` }]
      : []),
    ...scan(f, 'X'),
    ...atMost(f.fps, 60, 'frame-rate', `The video has ${f.fps} frames a second; X takes at most 60.`),
    ...(longSide(f) > 1280 || shortSide(f) > 1024
      ? [{ rule: 'size' as const, words: `The video is ${box(f)}; X takes at most 1280×1024 (either way round).` }]
      : []),
    ...atLeast(shortSide(f), 32, 'size', `The video is ${box(f)}; X takes at least 32×32.`),
    ...aspectWithin(f, 1 / 3, 3, 'X takes 1:3 to 3:1'),
    ...atLeast(f.durationMs, 500, 'duration', `The video lasts ${seconds(f)}; X takes at least 0.5 seconds.`),
    ...atMost(f.durationMs, 1_200_000, 'duration', `The video lasts ${seconds(f)}; X takes at most 20 minutes.`),
  ],
  // L71: "native video ≤ 15 min, MP4/MOV".
  reddit: (f) => [
    ...container(f, ['mp4', 'mov'], 'MP4 or MOV'),
    ...atMost(f.durationMs, 900_000, 'duration', `The video lasts ${seconds(f)}; Reddit takes at most 15 minutes.`),
  ],
};

/** The rules of `surface` the video breaks, in words; empty when it keeps them all. */
export function mediaProblems(surface: MediaSurface, facts: MediaFacts): MediaProblem[] {
  return RULES[surface](facts);
}

const seconds = (f: MediaFacts) => `${Math.round(f.durationMs / 100) / 10} s`;
const box = (f: MediaFacts) => `${f.width}×${f.height}`;
const longSide = (f: MediaFacts) => Math.max(f.width, f.height);
const shortSide = (f: MediaFacts) => Math.min(f.width, f.height);

function atMost(value: number, max: number, rule: MediaRule, words: string): MediaProblem[] {
  return value > max ? [{ rule, words }] : [];
}

function atLeast(value: number, min: number, rule: MediaRule, words: string): MediaProblem[] {
  return value < min ? [{ rule, words }] : [];
}

function container(f: MediaFacts, names: string[], said: string): MediaProblem[] {
  const found = f.container.split(',');
  return names.some((n) => found.includes(n))
    ? []
    : [{ rule: 'format', words: `The file is ${f.container}; it must be ${said}.` }];
}

function codec(f: MediaFacts, names: string[], said: string, platform: string): MediaProblem[] {
  return names.includes(f.videoCodec)
    ? []
    : [{ rule: 'codec', words: `The video is ${f.videoCodec}; ${platform} takes ${said}.` }];
}

function scan(f: MediaFacts, platform: string): MediaProblem[] {
  const problems: MediaProblem[] = [];
  if (!['progressive', 'unknown'].includes(f.fieldOrder))
    problems.push({ rule: 'format', words: `The video is interlaced; ${platform} takes progressive video.` });
  if (!/^yuvj?420p$/.test(f.pixelFormat))
    problems.push({ rule: 'format', words: `The video's pixels are ${f.pixelFormat}; ${platform} takes 4:2:0.` });
  return problems;
}

function aspectWithin(f: MediaFacts, min: number, max: number, said: string): MediaProblem[] {
  const aspect = f.width / f.height;
  return aspect < min || aspect > max ? [{ rule: 'aspect', words: `The video is ${box(f)}; ${said}.` }] : [];
}
