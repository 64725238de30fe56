/** Webhooks are retried for this long after their first try, then given up. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3600 * 1000;

const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 2 * 3600 * 1000;

/**
 * The wait before try `attempt + 1` after `attempt` failed: 30 s doubling up to 2 h, each with up to a fifth
 * more at random so that a receiver that was down is not hit by every sender at the same second. About 15 tries
 * in the day. Undefined once the next try would fall past the day.
 */
export function webhookRetryDelay(
  attempt: number,
  firstTryAt: number,
  now: number,
  random = Math.random,
): number | undefined {
  const base = Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.max(0, attempt - 1));
  const wait = Math.round(base * (1 + random() / 5));
  return now + wait - firstTryAt > WEBHOOK_RETRY_WINDOW_MS ? undefined : wait;
}
