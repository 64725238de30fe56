import type { EmulatorContext } from '../../core/context';

/** Where an uploaded video stands in the platform's processing, kept on its record. */
export interface Processing {
  /** When its last byte arrived. */
  completedAt?: number;
  /** Status polls answered "processing" so far. */
  polls: number;
  outcome?: 'complete' | 'error';
  error?: string;
}

export type Phase = 'uploading' | 'processing' | 'complete' | 'error';

/** Processing ends after one poll that saw it running, or after this long, whichever comes first. */
export const PROCESSING_MS = 2_000;

/**
 * Moves processing on (call it inside a collection `update`, it changes `p`). The control API's faults act here:
 * `processing_failed` makes it fail; `slow_processing` keeps it running, for `delayMs` after the last byte when
 * given, else for as many polls as the fault's `times`.
 */
export function settleProcessing(
  ctx: EmulatorContext,
  o: { platform: string; step: string; poll: boolean },
  p: Processing,
): Phase {
  if (p.outcome) return p.outcome;
  if (p.completedAt === undefined) return 'uploading';
  const failed = ctx.faults.take(o.platform, o.step, ['processing_failed']);
  if (failed) {
    p.outcome = 'error';
    p.error = failed.message ?? 'The video could not be processed.';
    return 'error';
  }
  const slow = ctx.faults.peek(o.platform, o.step, ['slow_processing']);
  if (slow && slow.delayMs !== undefined && ctx.now() < p.completedAt + slow.delayMs) return 'processing';
  if (slow && slow.delayMs === undefined) {
    if (o.poll) ctx.faults.take(o.platform, o.step, ['slow_processing']);
    return 'processing';
  }
  if (p.polls >= 1 || ctx.now() - p.completedAt >= PROCESSING_MS) {
    p.outcome = 'complete';
    return 'complete';
  }
  if (o.poll) p.polls += 1;
  return 'processing';
}
