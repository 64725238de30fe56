import type { EmulatorContext } from '../../core/context';
import type { MediaSurface } from '../../core/media-rules';
import { processingFault } from '../../core/processing-faults';

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
 * Moves processing on (call it inside a collection `update`, it changes `p`). The control API's processing
 * faults act here as on every platform (core/processing-faults.ts): `slow_processing` keeps it running,
 * `processing_failed` makes it fail.
 */
export function settleProcessing(
  ctx: EmulatorContext,
  o: { platform: string; step: string; id: string; poll: boolean; media: { blobId: string; surface: MediaSurface } },
  p: Processing,
): Phase {
  if (p.outcome) return p.outcome;
  if (p.completedAt === undefined) return 'uploading';
  const fault = processingFault(ctx, o.platform, o.step, o.id, o.media);
  if (fault.state === 'held') return 'processing';
  if (fault.state === 'failed') {
    p.outcome = 'error';
    p.error = fault.message ?? 'The video could not be processed.';
    return 'error';
  }
  if (p.polls >= 1 || ctx.now() - p.completedAt >= PROCESSING_MS) {
    p.outcome = 'complete';
    return 'complete';
  }
  if (o.poll) p.polls += 1;
  return 'processing';
}
