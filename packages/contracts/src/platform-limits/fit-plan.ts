import type { PlatformKey } from '../platforms';
import { cropRegion, fitWithin, padCanvas, targetAspect, type AspectMode, type Size } from './fit-geometry';
import { PLATFORM_RULES } from './platform-rules';
import type { AccountFacts, PlatformViolation, VideoFacts, VideoLimits } from './types';
import { checkVideo } from './video-checks';

/** What the planner knows of a video: its probed facts, and whether an MP4's index (moov) comes first. */
export interface FitFacts extends VideoFacts {
  /** null/absent: not known, and no re-wrap is planned for it. */
  faststart?: boolean | null;
}

/** How the person wants the copy made; everything optional (see docs/renditions.md for the defaults). */
export interface FitChoices {
  aspect?: AspectMode;
  /** Where a crop sits across the frame: 0 the left edge, 0.5 the centre (default), 1 the right edge. */
  cropX?: number;
  /** 9:16 on the short-video surfaces (TikTok, Instagram Reels, YouTube Shorts, Facebook Reels). */
  vertical?: boolean;
  trim?: { startMs: number; endMs: number };
  /** Re-encode even where nothing else asks for it: captions are drawn into the picture while encoding. */
  reencode?: boolean;
}

export type FitStep =
  | { kind: 'rewrap'; container: 'mp4'; faststart: true }
  | { kind: 'trim'; startMs: number; endMs: number }
  | { kind: 'crop'; width: number; height: number; x: number; y: number }
  | { kind: 'pad'; width: number; height: number; background: 'blur' }
  | { kind: 'scale'; width: number; height: number }
  | {
      kind: 'transcode';
      videoCodec: 'h264';
      audioCodec: 'aac';
      fps: number;
      videoBitrate: number;
      audioBitrate: number;
    };

export interface FitOutput {
  width: number | null;
  height: number | null;
  fps: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  durationMs: number | null;
  estimatedBytes: number | null;
}

export interface FitPlan {
  steps: FitStep[];
  output: FitOutput;
  /** What the copy would still break (a video too short, or too small: a copy is never made larger). */
  remaining: PlatformViolation[];
}

export interface FitResult {
  /** The video as uploaded meets every media rule of the target. */
  fits: boolean;
  violations: PlatformViolation[];
  plan: FitPlan;
}

export interface FitTarget {
  platform: PlatformKey;
  /** The platform's options (a Facebook Reel or Page video: `kind`). */
  options?: unknown;
  account?: AccountFacts;
}

/** The surfaces whose feeds show video 9:16, where `vertical` applies even when landscape is allowed. */
export function verticalSurface(platform: PlatformKey, limits: VideoLimits): boolean {
  return ['tiktok', 'instagram', 'youtube'].includes(platform) || limits.name === 'Facebook Reels';
}

/** The video limits of the target: another kind of post picked by an option (a Facebook Reel), else the platform's. */
export function targetVideoLimits(platform: PlatformKey, options: unknown): VideoLimits {
  const rules = PLATFORM_RULES[platform] as (typeof PLATFORM_RULES)[PlatformKey];
  if (!rules.videoLimits) return rules.limits.video;
  // Only the options that choose the limits matter here: the others (a TikTok privacy level) are the post's.
  const kind = (options as { kind?: unknown } | null | undefined)?.kind;
  return (rules.videoLimits as (o: object) => VideoLimits)(kind === undefined ? {} : { kind });
}

/** AAC at 128 kbit/s: the figure every platform's upload guide gives for stereo. */
const AUDIO_BITRATE = 128_000;
/**
 * x264 bits per pixel per frame for a clean upload: 0.13 gives 8 Mbit/s at 1080p30, YouTube's recommended
 * upload bitrate for SDR 1080p (support.google.com/youtube/answer/1722171), and 3.6 Mbit/s at 720p30.
 */
const BITS_PER_PIXEL = 0.13;
const MIN_VIDEO_BITRATE = 500_000;
/** Room left under a size cap for the container's own bytes and x264's overshoot. */
const SIZE_HEADROOM = 0.95;

const mp4Sent = (limits: VideoLimits) => limits.mimeTypes === null || limits.mimeTypes.includes('video/mp4');

/**
 * A chosen range shorter than the target's least duration is widened to it (its end later, its start earlier
 * when the video ends first): the copy never falls below a minimum the video can meet. A video shorter than the
 * minimum is left as it is, its violation standing in `remaining`.
 */
function widened(range: { startMs: number; endMs: number }, totalMs: number | null, minS: number | null) {
  const minMs = minS === null ? 0 : Math.ceil(minS * 1000);
  if (range.endMs - range.startMs >= minMs || (totalMs !== null && totalMs < minMs)) return range;
  const endMs = totalMs === null ? range.startMs + minMs : Math.min(totalMs, range.startMs + minMs);
  return { startMs: Math.max(0, Math.min(range.startMs, endMs - minMs)), endMs };
}

function durationAfterTrim(facts: FitFacts, limits: VideoLimits, account: AccountFacts, choices: FitChoices) {
  const totalMs = facts.durationSeconds === null ? null : Math.round(facts.durationSeconds * 1000);
  if (choices.trim) {
    const endMs = totalMs === null ? choices.trim.endMs : Math.min(choices.trim.endMs, totalMs);
    const trim = widened({ startMs: choices.trim.startMs, endMs }, totalMs, limits.durationSeconds.min);
    return { trim, durationMs: trim.endMs - trim.startMs };
  }
  const own = account.maxDurationSeconds ?? null;
  const table = limits.durationSeconds.max;
  const maxS = own !== null && (table === null || own < table) ? own : table;
  if (totalMs === null || maxS === null || totalMs <= maxS * 1000) return { trim: null, durationMs: totalMs };
  return { trim: { startMs: 0, endMs: maxS * 1000 }, durationMs: maxS * 1000 };
}

/** The crop or pad the shape needs, and the frame it leaves. */
function shapeStep(source: Size, ratio: number | null, choices: FitChoices): { step: FitStep | null; frame: Size } {
  const mode = choices.aspect ?? 'pad';
  if (ratio === null || mode === 'keep') return { step: null, frame: source };
  if (mode === 'crop') {
    const region = cropRegion(source, ratio, choices.cropX ?? 0.5);
    return { step: { kind: 'crop', ...region }, frame: { width: region.width, height: region.height } };
  }
  const canvas = padCanvas(source, ratio);
  return { step: { kind: 'pad', ...canvas, background: 'blur' }, frame: canvas };
}

function videoBitrate(size: Size, fps: number, durationMs: number | null, limits: VideoLimits) {
  const quality = Math.max(MIN_VIDEO_BITRATE, Math.round(size.width * size.height * fps * BITS_PER_PIXEL));
  const cap = limits.sizeBytes.max;
  if (cap === null || !durationMs) return quality;
  const allowed = Math.floor(((cap * 8) / (durationMs / 1000)) * SIZE_HEADROOM) - AUDIO_BITRATE;
  return Math.max(MIN_VIDEO_BITRATE, Math.min(quality, allowed));
}

/**
 * How to make a copy of the video that meets the target's limits: pure, so the composer shows the same plan the
 * server answers. Steps run in the listed order (trim, crop or pad, scale, encode); `rewrap` alone when only the
 * container or its index order differs.
 */
export function planFit(facts: FitFacts, target: FitTarget, choices: FitChoices = {}): FitResult {
  const account = target.account ?? {};
  const limits = targetVideoLimits(target.platform, target.options);
  const tag = (b: ReturnType<typeof checkVideo>) => b.map((x) => ({ platform: target.platform, ...x }));
  const violations = tag(checkVideo(limits, facts, account));
  const notFaststart = facts.faststart === false && mp4Sent(limits);
  if (notFaststart)
    violations.push({
      platform: target.platform,
      field: 'video',
      rule: 'video.faststart',
      message: `${limits.name} reads an MP4 from its index (the moov box); this file has it at its end.`,
    });

  const steps: FitStep[] = [];
  const { trim, durationMs } = durationAfterTrim(facts, limits, account, choices);
  if (trim) steps.push({ kind: 'trim', ...trim });

  let size: Size | null =
    facts.width !== null && facts.height !== null ? { width: facts.width, height: facts.height } : null;
  if (size) {
    const vertical = choices.vertical === true && verticalSurface(target.platform, limits);
    const shaped = shapeStep(size, targetAspect(limits, size, vertical), choices);
    if (shaped.step) steps.push(shaped.step);
    const scaled = fitWithin(limits, shaped.frame);
    if (scaled.width !== shaped.frame.width || scaled.height !== shaped.frame.height)
      steps.push({ kind: 'scale', ...scaled });
    size = scaled;
  }

  const fps =
    facts.fps === null ? null : Math.min(Math.max(facts.fps, limits.fps.min ?? 0), limits.fps.max ?? Infinity);
  const codecBreaks = violations.some((v) =>
    ['video.video_codec', 'video.audio_codec', 'video.size_max'].includes(v.rule),
  );
  const reencode = choices.reencode === true || steps.length > 0 || codecBreaks || fps !== facts.fps;
  const containerBreaks = violations.some((v) => v.rule === 'video.container') || notFaststart;

  let output: FitOutput = {
    width: size?.width ?? null,
    height: size?.height ?? null,
    fps,
    videoCodec: facts.videoCodec,
    audioCodec: facts.audioCodec,
    durationMs,
    // Untouched or re-wrapped: the same streams, so the same size (the index moves, it does not grow).
    estimatedBytes: facts.sizeBytes,
  };
  if (reencode) {
    const outFps = fps ?? 30;
    const v = videoBitrate(size ?? { width: 1920, height: 1080 }, outFps, durationMs, limits);
    steps.push({
      kind: 'transcode',
      videoCodec: 'h264',
      audioCodec: 'aac',
      fps: outFps,
      videoBitrate: v,
      audioBitrate: AUDIO_BITRATE,
    });
    // Bytes = (video + audio bitrate in bit/s) × seconds ÷ 8; the MP4 index adds well under 1 %.
    const estimatedBytes = durationMs === null ? null : Math.round(((v + AUDIO_BITRATE) * durationMs) / 1000 / 8);
    output = { ...output, fps: outFps, videoCodec: 'h264', audioCodec: 'aac', estimatedBytes };
  } else if (containerBreaks) {
    steps.push({ kind: 'rewrap', container: 'mp4', faststart: true });
  }

  const after: FitFacts = {
    durationSeconds: output.durationMs === null ? null : output.durationMs / 1000,
    sizeBytes: output.estimatedBytes,
    width: output.width,
    height: output.height,
    fps: output.fps,
    videoCodec: output.videoCodec,
    audioCodec: output.audioCodec,
    mimeType: steps.length > 0 ? 'video/mp4' : facts.mimeType,
  };
  const remaining = steps.length > 0 ? tag(checkVideo(limits, after, account)) : violations;
  return { fits: violations.length === 0, violations, plan: { steps, output, remaining } };
}
