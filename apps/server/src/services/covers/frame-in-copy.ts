import { trimStepOf, type FitStep } from '@fanout/contracts';

/**
 * Where a frame chosen on the video (ms from its start) is in a fitting copy that the plan's `steps` made: a
 * trimmed copy starts at the range's start, so the frame moves back by it; a frame the trim cut off becomes
 * the copy's nearest one (its first or its last). Other steps keep the timeline.
 */
export function frameInCopy(frameMs: number, steps: unknown): number {
  const trim = Array.isArray(steps) ? trimStepOf(steps as FitStep[]) : undefined;
  if (!trim) return frameMs;
  const last = Math.max(0, trim.endMs - trim.startMs - 1);
  return Math.min(Math.max(frameMs - trim.startMs, 0), last);
}
