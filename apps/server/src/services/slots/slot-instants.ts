import { utcToZoned, zonedToUtc } from '@fanout/contracts';

/** A weekly slot: ISO weekday (1 = Monday) and minutes after local midnight. */
export interface WeeklySlot {
  weekday: number;
  minute: number;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** `YYYY-MM-DD` plus `days` calendar days. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar date. */
export function isoWeekday(date: string): number {
  return ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/**
 * The instant of a slot on a local date. A time the clocks skip (02:30 on a spring-forward day) moves to the
 * first minute that exists after it (03:00); a time shown twice (fall back) is the earlier one, so it is used once.
 */
export function slotInstant(date: string, minute: number, zone: string): Date {
  const localMs = Date.parse(`${date}T00:00:00Z`) + minute * MINUTE_MS;
  for (let step = 0; step <= 24 * 60; step += 1) {
    const local = new Date(localMs + step * MINUTE_MS).toISOString().slice(0, 16);
    const result = zonedToUtc(local, zone, 'earlier');
    if (result.ok) return new Date(result.instant);
  }
  throw new RangeError(`No valid time after ${date} ${minute} in ${zone}`);
}

/**
 * Every instant of the weekly slots in `zone` strictly after `after` and before `until`, earliest first, each
 * instant once (two slots that a clock change lands on the same minute are one). Lazy: a caller that needs a
 * few stops early.
 */
export function* slotInstants(
  slots: readonly WeeklySlot[],
  zone: string,
  after: Date,
  until: Date,
): Generator<Date, void, undefined> {
  if (slots.length === 0) return;
  const byWeekday = new Map<number, number[]>();
  for (const slot of slots) byWeekday.set(slot.weekday, [...(byWeekday.get(slot.weekday) ?? []), slot.minute]);
  const seen = new Set<number>();
  const last = addDays(utcToZoned(until, zone).date, 1);
  for (let date = addDays(utcToZoned(after, zone).date, -1); date <= last; date = addDays(date, 1)) {
    const minutes = byWeekday.get(isoWeekday(date)) ?? [];
    const instants = minutes.map((minute) => slotInstant(date, minute, zone)).sort((a, b) => a.getTime() - b.getTime());
    for (const instant of instants) {
      const ms = instant.getTime();
      if (ms <= after.getTime() || ms >= until.getTime() || seen.has(ms)) continue;
      seen.add(ms);
      yield instant;
    }
  }
}
