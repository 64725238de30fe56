import type { VideoLimits } from './types';

/** How a frame of one shape becomes another: cut to it, or shown whole over a blurred copy of itself. */
export type AspectMode = 'crop' | 'pad' | 'keep';

export interface Size {
  width: number;
  height: number;
}

/** Encoders for 4:2:0 video need even sides. */
export const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/** Pixel sizes round, so a ratio within 1 % of a bound counts as meeting it (as video-checks.ts reads it). */
const TOLERANCE = 0.01;

/** The ratio (width ÷ height) the copy must have, or null when the source's may stay. */
export function targetAspect(limits: VideoLimits, source: Size, vertical: boolean): number | null {
  if (vertical) return 9 / 16;
  const r = source.width / source.height;
  const a = limits.aspect;
  if (!a) return null;
  if (a.min !== null && r < a.min * (1 - TOLERANCE)) return a.min;
  if (a.max !== null && r > a.max * (1 + TOLERANCE)) return a.max;
  return null;
}

/** The source's region kept by a crop to `ratio`: the full height (or width), at `cropX` of the room left. */
export function cropRegion(source: Size, ratio: number, cropX: number) {
  if (source.width / source.height > ratio) {
    const width = Math.min(source.width, even(source.height * ratio));
    return { width, height: source.height, x: Math.round((source.width - width) * cropX), y: 0 };
  }
  const height = Math.min(source.height, even(source.width / ratio));
  return { width: source.width, height, x: 0, y: Math.round((source.height - height) / 2) };
}

/** The canvas of a pad to `ratio`: its long side is the source's long side, so nothing is made larger. */
export function padCanvas(source: Size, ratio: number): Size {
  const long = Math.max(source.width, source.height);
  return ratio < 1 ? { width: even(long * ratio), height: long } : { width: long, height: even(long / ratio) };
}

/**
 * The largest size of `frame`'s shape within the limits' width, height and box, never larger than the frame
 * itself (a copy is never upscaled: a minimum the source cannot reach stays a violation).
 */
export function fitWithin(limits: VideoLimits, frame: Size): Size {
  const long = Math.max(frame.width, frame.height);
  const short = Math.min(frame.width, frame.height);
  const scale = Math.min(
    1,
    limits.width.max !== null ? limits.width.max / frame.width : 1,
    limits.height.max !== null ? limits.height.max / frame.height : 1,
    limits.box ? limits.box.longSide / long : 1,
    limits.box ? limits.box.shortSide / short : 1,
  );
  if (scale === 1) return frame;
  // Round down to even so a side never lands 1 pixel over its bound.
  const down = (n: number) => Math.max(2, 2 * Math.floor((n * scale) / 2 + 1e-9));
  return { width: down(frame.width), height: down(frame.height) };
}
