import type { DB } from '../../db/database';
import { AppError } from '../../http/errors';
import { addHit, lockedWindow } from '../../repositories/request-limits.repository';

/**
 * A limit on calls that cost the platforms' shared quotas or much of the server: at most `max` in any
 * `windowSeconds` (a sliding window), per user or per project. Counted in the database, so it holds across every
 * API process; refused with 429 `{error, code}` and `Retry-After` (when the oldest call in the window leaves it).
 */
export interface RequestLimit {
  /** Names the kind of call in the count's key. */
  name: string;
  max: number;
  windowSeconds: number;
  code: string;
  /** The refusal in words, with the wait in seconds. */
  message: (retryAfterSeconds: number) => string;
}

const perMinute = (name: string, max: number, code: string, what: (max: number) => string): RequestLimit => ({
  name,
  max,
  windowSeconds: 60,
  code,
  message: (wait) => `${what(max)} in the last minute; try again in ${wait} s.`,
});

/** Every limited call (README, "Limits on expensive calls"). */
export const REQUEST_LIMITS = {
  /** Per user: each file is read whole and each row checked against the database (dry runs count). */
  csvImport: perMinute('csv-import', 10, 'too_many_imports', (max) => `You sent ${max} CSV files`),
  /** Per user: every post of the project, streamed. */
  postsExport: perMinute('posts-export', 10, 'too_many_exports', (max) => `You exported ${max} times`),
  /** Per user: one platform call each (TikTok allows 20 creator_info calls a minute per account). */
  publishOptions: perMinute(
    'publish-options',
    20,
    'too_many_option_checks',
    (max) => `Your accounts' publishing choices were asked for ${max} times`,
  ),
  /** Per user: each one makes the server fetch an address, then read, probe and store what it sends. */
  videoImport: perMinute('video-import', 30, 'too_many_url_imports', (max) => `You imported ${max} videos by address`),
  /** Per project, runs started (a call that joins a running one is not counted): up to 500 platform calls each. */
  analyticsSync: perMinute('analytics-sync', 6, 'too_many_syncs', (max) => `This project was synced ${max} times`),
} satisfies Record<string, RequestLimit>;

/**
 * Counts one call of `limit` for `whose` (a user's or a project's id), inside the caller's transaction; throws the
 * 429 when the window is full (the refused call is not counted).
 */
export async function countCall(trx: DB, limit: RequestLimit, whose: number): Promise<void> {
  const key = `${limit.name}:${whose}`;
  const window = await lockedWindow(trx, key, limit.windowSeconds);
  if (window.calls >= limit.max) {
    const wait = Math.max(1, Math.ceil(window.secondsUntilOldestLeaves));
    throw new AppError(429, limit.code, limit.message(wait), { 'retry-after': String(wait) });
  }
  await addHit(trx, key);
}

/** As countCall, in a transaction of its own. */
export async function countCallNow(db: DB, limit: RequestLimit, whose: number): Promise<void> {
  await db.transaction().execute((trx) => countCall(trx, limit, whose));
}
