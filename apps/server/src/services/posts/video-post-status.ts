import type { PostCounts, VideoStatus } from '@fanout/contracts';

/**
 * A video's status, following its posts by the first rule that applies:
 * 1. no posts, or all cancelled → the status its details give (`detailsStatus`: awaiting-details / ready);
 * 2. any publishing → processing;
 * 3. any scheduled or awaiting approval → scheduled;
 * 4. all the rest published → published;
 * 5. none published (all failed or unconfirmed) → failed;
 * 6. some published, some failed or unconfirmed → failed, which the app shows as "Partially published"
 *    (see isPartiallyPublished) with a retry per platform: never plain success, never plain failure.
 */
export function videoPostStatus(detailsStatus: VideoStatus, counts: PostCounts): VideoStatus {
  const waiting = counts.scheduled + counts.awaiting_approval;
  const live = waiting + counts.publishing + counts.published + counts.failed + counts.unconfirmed;
  if (live === 0) return detailsStatus;
  if (counts.publishing > 0) return 'processing';
  if (waiting > 0) return 'scheduled';
  if (counts.failed + counts.unconfirmed === 0) return 'published';
  return 'failed';
}

/** Rule 6: some platforms have the video, others failed or are unconfirmed, and nothing is still under way. */
export function isPartiallyPublished(counts: PostCounts): boolean {
  return (
    counts.publishing + counts.scheduled + counts.awaiting_approval === 0 &&
    counts.published > 0 &&
    counts.failed + counts.unconfirmed > 0
  );
}
