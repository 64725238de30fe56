import { zonedToUtc } from '@fanout/contracts';
import { badRequest } from '../../http/errors';

/** A time this little in the past (a clock a little behind, a slow request) is read as "now". */
export const PAST_GRACE_MS = 60_000;

/** How a request names a post's time: an instant, or a wall-clock time in the user's zone. */
export interface PostWhen {
  scheduledAt?: string;
  scheduledLocal?: string;
  disambiguation?: 'earlier' | 'later';
}

/** The latest time a post may be scheduled for: a year from now. */
export function latestTime(now: Date): Date {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + 1);
  return latest;
}

/** The instant a wall-clock time in `zone` names; a skipped time is refused, a repeated one needs a choice. */
function fromLocal(local: string, zone: string, disambiguation?: 'earlier' | 'later'): Date {
  const result = zonedToUtc(local, zone, disambiguation ?? 'reject');
  if (result.ok) return new Date(result.instant);
  const shown = local.replace('T', ' ');
  if (result.reason === 'nonexistent') {
    throw badRequest(
      `${shown} does not exist in ${zone}: the clocks skip that hour on that day. Choose another time.`,
      'nonexistent_local_time',
    );
  }
  const [earlier, later] = result.candidates ?? [];
  throw badRequest(
    `${shown} happens twice in ${zone} as the clocks go back: choose the earlier (${earlier}) or the later (${later}).`,
    'ambiguous_local_time',
  );
}

/**
 * When a post is due: the instant asked for, the wall-clock time read in the user's zone, or now when no time
 * is given. A time more than a minute past or more than a year ahead is refused.
 */
export function resolvePostTime(when: PostWhen, zone: string, now: Date): Date {
  const at = when.scheduledLocal
    ? fromLocal(when.scheduledLocal, zone, when.disambiguation)
    : when.scheduledAt
      ? new Date(when.scheduledAt)
      : now;
  return checkPostTime(at, now);
}

/** `at` when it is in the future (at most a year ahead), now when it is at most a minute past. */
export function checkPostTime(at: Date, now: Date): Date {
  if (at.getTime() < now.getTime() - PAST_GRACE_MS) {
    throw badRequest('That time has passed: choose a time in the future, or publish now', 'scheduled_in_past');
  }
  if (at.getTime() > latestTime(now).getTime()) {
    throw badRequest('Posts can be scheduled at most a year ahead', 'scheduled_too_far');
  }
  return at.getTime() < now.getTime() ? now : at;
}

/** Whether the request names a time at all (a PATCH that leaves the time alone names none). */
export const namesTime = (when: PostWhen) => when.scheduledAt !== undefined || when.scheduledLocal !== undefined;
