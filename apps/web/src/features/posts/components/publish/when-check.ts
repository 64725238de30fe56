import { formatInZone, checkLocalTime, zoneName, type LocalTimeCheck } from '../../zoned-time';

/** What is wrong with the time to schedule at, in a sentence; null when it can be sent. */
export function timeProblem(check: LocalTimeCheck | null, local: string, zone: string): string | null {
  if (check === null || check.kind === 'invalid') return 'Enter the date and time to publish at.';
  switch (check.kind) {
    case 'nonexistent':
      return `${local.slice(11)} does not exist on ${local.slice(0, 10)} in ${zoneName(zone)}: the clocks skip that hour. Choose another time.`;
    case 'past':
      return `${formatInZone(check.instant, zone)} has passed. Choose a time in the future.`;
    case 'ambiguous':
      return `Choose which ${local.slice(11)} you mean.`;
    default:
      return null;
  }
}

/** The time as entered, read in the zone; null while nothing is entered. */
export function checkWhen(local: string, zone: string, disambiguation: 'earlier' | 'later' | undefined) {
  return local ? checkLocalTime(local, zone, disambiguation) : null;
}

/** Both readings of a time the clocks show twice in `zone` (earlier first), whichever is chosen; else null. */
export function repeatedReadings(local: string, zone: string): [string, string] | null {
  const check = checkWhen(local, zone, undefined);
  return check?.kind === 'ambiguous' ? check.candidates : null;
}

/** Which reading of `local` an instant is, when the clocks show that time twice; undefined otherwise. */
export function readingOf(instant: string, local: string, zone: string): 'earlier' | 'later' | undefined {
  const readings = repeatedReadings(local, zone);
  if (!readings) return undefined;
  return new Date(readings[0]).getTime() === new Date(instant).getTime() ? 'earlier' : 'later';
}
