import { utcToZoned, zonedToUtc } from '@fanout/contracts';

/**
 * The calendar runs on "wall clock as UTC": a post due at 10:00 in the person's zone is given to the calendar
 * as 10:00 UTC, so the calendar draws, drags and counts days on the person's own clock whatever zone the
 * browser is in (DST days included), and only these functions turn a wall time back into an instant.
 */

/** `2026-03-29T10:00:00`: the instant as the clocks in `zone` show it, for the calendar (read as UTC). */
export function toWall(instant: string | number | Date, zone: string): string {
  const { date, time } = utcToZoned(instant, zone);
  return `${date}T${time}:00`;
}

/** A calendar Date (wall clock as UTC) as a `datetime-local` value: `2026-03-29T10:00`. */
export function wallToLocal(wall: Date): string {
  return wall.toISOString().slice(0, 16);
}

/** The calendar's Date for now: today and the current time on the person's clock. */
export function wallNow(zone: string, now = Date.now()): Date {
  return new Date(`${toWall(now, zone)}Z`);
}

export interface ResolvedTime {
  /** The wall-clock time meant, `2026-03-29T03:00`. */
  local: string;
  /** The instant, UTC ISO 8601. */
  scheduledAt: string;
  /** Set when the clocks skip the asked time that day: the time was moved to the first minute that exists. */
  shiftedFrom?: string;
}

const MINUTE_MS = 60_000;

/**
 * The instant of a wall-clock time in `zone`. A time shown twice (the night clocks go back) is the first of the
 * two; a time the clocks skip (the night they go forward) becomes the first minute after the gap.
 */
export function resolveLocal(local: string, zone: string): ResolvedTime {
  const result = zonedToUtc(local, zone, 'earlier');
  if (result.ok) return { local, scheduledAt: result.instant };
  // Skipped: walk forward a minute at a time until the clocks show a time again (gaps last an hour, at most two).
  let probe = new Date(`${local}:00Z`).getTime();
  for (let i = 0; i < 24 * 60; i++) {
    probe += MINUTE_MS;
    const next = new Date(probe).toISOString().slice(0, 16);
    const later = zonedToUtc(next, zone, 'earlier');
    if (later.ok) return { local: next, scheduledAt: later.instant, shiftedFrom: local };
  }
  throw new RangeError(`No valid time after ${local} in ${zone}`);
}

/**
 * A post moved to another day (`YYYY-MM-DD`, as in the month view): the same time of day on the person's
 * clock on that day, whatever the UTC offset of either day.
 */
export function moveToDay(instant: string, zone: string, day: string): ResolvedTime {
  const { time } = utcToZoned(instant, zone);
  return resolveLocal(`${day}T${time}`, zone);
}

/** The range of instants a calendar range (wall dates) can hold, one day wider on each side for any offset. */
export function instantRange(wallStart: Date, wallEnd: Date): { from: string; to: string } {
  const DAY_MS = 86_400_000;
  return {
    from: new Date(wallStart.getTime() - DAY_MS).toISOString(),
    to: new Date(wallEnd.getTime() + DAY_MS).toISOString(),
  };
}
