import { utcToZoned, zonedToUtc } from '@fanout/contracts';

/** Days and times on a person's clock, for posts a test schedules. */

/** `YYYY-MM-DD` of the day `days` after today on `zone`'s clocks. */
export function dayAhead(days: number, zone: string): string {
  const today = utcToZoned(Date.now(), zone).date;
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** How many days `day` (`YYYY-MM-DD`) is after today on `zone`'s clocks (negative when before). */
export function daysUntil(day: string, zone: string): number {
  return Math.round((Date.parse(`${day}T12:00:00Z`) - Date.parse(`${dayAhead(0, zone)}T12:00:00Z`)) / 86_400_000);
}

/** The instant of a wall-clock time (`2026-11-30T09:00`) in `zone`; the first of two on the night clocks go back. */
export function instantOf(local: string, zone: string): string {
  const result = zonedToUtc(local, zone, 'earlier');
  if (!result.ok) throw new Error(`${local} does not exist in ${zone}`);
  return result.instant;
}
