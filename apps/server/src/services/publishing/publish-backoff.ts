/** Tries of one step with `retryable` faults before the post fails with the last one's message. */
export const MAX_STEP_TRIES = 6;
/**
 * Tries of one step when the platform gave no answer at all (timed out, reset, refused): a platform that is
 * down or overloaded for a quarter of an hour delays the post instead of failing it (the backoff's ceilings
 * add up to about 17 minutes over these tries).
 */
export const MAX_NO_ANSWER_TRIES = 10;
/** The longest wait between two tries. */
export const RETRY_CAP_MS = 10 * 60_000;

/**
 * The wait before try `tries + 1` after `tries` failed ones: exponential backoff with full jitter (anywhere
 * from 0 to base·2^(tries−1), capped), so that many posts failing together do not come back together.
 */
export function backoffMs(tries: number, baseMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_CAP_MS, baseMs * 2 ** Math.max(0, tries - 1));
  return Math.round(random() * ceiling);
}
