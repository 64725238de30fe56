import { trimStepOf, type FitResponse } from '@fanout/contracts';

type Plan = FitResponse['plan'];
type Step = Plan['steps'][number];

/** 90000 → '90 s', 1500 → '1.5 s'. */
export const secondsText = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

function stepText(step: Step): string {
  switch (step.kind) {
    case 'trim':
      return step.startMs === 0
        ? `Trim to the first ${secondsText(step.endMs)}`
        : `Keep ${secondsText(step.startMs)} to ${secondsText(step.endMs)}`;
    case 'crop':
      return `Crop to ${step.width}×${step.height}`;
    case 'pad':
      return `Pad to ${step.width}×${step.height} over a blurred copy`;
    case 'scale':
      return `Scale to ${step.width}×${step.height}`;
    case 'transcode':
      return `Encode H.264/AAC at ${Number(step.fps.toFixed(2))} fps`;
    case 'rewrap':
      return 'Re-wrap as MP4 without re-encoding';
  }
}

/** '48 MB', in steps of 1024 as the library shows sizes; at least 1. */
export const megabytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024 ** 2))} MB`;

export const aboutSize = (bytes: number) => `about ${megabytes(bytes)}`;

/** The plan in words: "Trim to the first 90 s · Pad to 1080×1920 over a blurred copy · Encode …, about 48 MB". */
export function planText(plan: Plan): string {
  if (plan.steps.length === 0) return 'Nothing to change.';
  const bytes = plan.output.estimatedBytes;
  return plan.steps.map(stepText).join(' · ') + (bytes === null ? '' : `, ${aboutSize(bytes)}`);
}

/** How the preview draws the copy's frame: cut to shape, whole over a blurred copy, or as it is. */
export function previewMode(plan: Plan): 'crop' | 'pad' | 'none' {
  if (plan.steps.some((s) => s.kind === 'crop')) return 'crop';
  return plan.steps.some((s) => s.kind === 'pad') ? 'pad' : 'none';
}

/** The trim step planned, or null when the whole video is kept. */
export const plannedTrim = (plan: Plan) => trimStepOf(plan.steps) ?? null;
