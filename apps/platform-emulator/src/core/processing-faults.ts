import type { EmulatorContext } from './context';
import { mediaProblems, type MediaRule, type MediaSurface } from './media-rules';

/** Where an upload's processing stands by the control API's faults. */
export type ProcessingFault =
  /** Still processing, whatever the platform's own timing says. */
  | { state: 'held' }
  /**
   * Processing failed: the platform reports it with `message`, or with its own reason when there is none.
   * `rule`: the media rule the bytes broke, when that was the reason (core/media-rules.ts).
   */
  | { state: 'failed'; message?: string; rule?: MediaRule }
  /** The platform's own course. */
  | { state: 'free' };

/** An upload a `slow_processing` fault with `delayMs` caught: its processing is held until `until`. */
interface Hold {
  until: number;
}

const holds = (ctx: Pick<EmulatorContext, 'store'>) => ctx.store.collection<Hold>('_processing_holds');

/**
 * The processing faults, one meaning on every platform. Each platform asks here whenever it looks at the
 * processing of an upload (`uploadId`, unique on the platform) that is still processing, before its own timing,
 * under its processing step (`status`, `reels_status`, Reddit's `submit`):
 * - `slow_processing` without `delayMs` holds the processing of every upload for as long as the fault exists
 *   (until `DELETE /_control/faults` or a reset); it is never used up, so `times` does not matter.
 * - `slow_processing` with `delayMs` catches the next `times` uploads looked at, each held for `delayMs` from
 *   that moment; it is used up as it catches them. An upload is caught once.
 * - `processing_failed` fails the processing of the next `times` uploads looked at, once no slow processing
 *   holds them.
 * Once released, processing takes its usual course: the platform's own processing time, counted from the end
 * of the upload, has often passed by then, so the next look usually finds it done.
 */
export function processingFault(
  ctx: Pick<EmulatorContext, 'store' | 'faults' | 'now' | 'media'>,
  platform: string,
  step: string,
  uploadId: string,
  /** The stored bytes and where they go: processing reads them and holds them to the platform's media rules. */
  media?: { blobId: string; surface: MediaSurface },
): ProcessingFault {
  const key = `${platform}:${uploadId}`;
  const now = ctx.now();
  const hold = holds(ctx).get(key);
  if (hold && now < hold.until) return { state: 'held' };
  const slow = ['slow_processing'] as const;
  if (ctx.faults.peek(platform, step, slow, (f) => f.delayMs === undefined)) return { state: 'held' };
  if (!hold) {
    const caught = ctx.faults.take(platform, step, slow, (f) => f.delayMs !== undefined);
    if (caught) {
      holds(ctx).set(key, { until: now + caught.delayMs! });
      if (caught.delayMs! > 0) return { state: 'held' };
    }
  }
  if (media) {
    const facts = ctx.media.read(media.blobId);
    const broken = facts ? mediaProblems(media.surface, facts) : [];
    if (broken.length > 0)
      return { state: 'failed', message: broken.map((p) => p.words).join(' '), rule: broken[0]!.rule };
  }
  const failed = ctx.faults.take(platform, step, ['processing_failed']);
  if (failed) return { state: 'failed', message: failed.message };
  return { state: 'free' };
}

/** Lets every held processing go (the faults were removed). */
export function releaseProcessingHolds(ctx: Pick<EmulatorContext, 'store'>) {
  for (const [key] of holds(ctx).entries()) holds(ctx).delete(key);
}
