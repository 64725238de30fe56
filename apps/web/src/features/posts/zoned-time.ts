import { isValidTimeZone, utcToZoned, zonedToUtc, type ZonedToUtcResult } from '@fanout/contracts';

/**
 * Times of posts, entered and read in the person's own IANA zone (the one the server converts
 * `scheduledLocal` with), whatever zone the browser is in.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    // The app's German date style (lib/format's formatDateTime), in the person's zone.
    format = new Intl.DateTimeFormat('de-DE', {
      timeZone: zone,
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(zone, format);
  }
  return format;
}

/** The zone's short name at that instant (`CEST`), else its offset (`UTC+05:30`). */
export function zoneAbbreviation(instant: string | number | Date, zone: string): string {
  const zoned = utcToZoned(instant, zone);
  return zoned.abbreviation ?? `UTC${zoned.offset}`;
}

/** '25. Okt. 2026, 02:30 CEST': an instant as the clocks in `zone` show it, with the zone's name. */
export function formatInZone(instant: string | number | Date, zone: string): string {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime()) || !isValidTimeZone(zone)) return '';
  return `${dateTimeFormat(zone).format(at)} ${zoneAbbreviation(at, zone)}`;
}

/** The `datetime-local` value (`2026-10-25T02:30`) that shows an instant in `zone`. */
export function toLocalInput(instant: string | number | Date, zone: string): string {
  const zoned = utcToZoned(instant, zone);
  return `${zoned.date}T${zoned.time}`;
}

/** 'Europe/Berlin' → 'Europe/Berlin', 'America/New_York' → 'America/New York'. */
export function zoneName(zone: string): string {
  return zone.replaceAll('_', ' ');
}

export type LocalTimeCheck =
  | { kind: 'ok'; instant: string }
  | { kind: 'invalid' }
  | { kind: 'past'; instant: string }
  | { kind: 'nonexistent' }
  /** Both readings, earlier first, as ISO 8601 instants with their offset. */
  | { kind: 'ambiguous'; candidates: [string, string] };

/**
 * What a wall-clock time entered in `zone` means: one instant, a time in the past, a time the clocks skip
 * that night, or one they show twice (the person chooses which).
 */
export function checkLocalTime(
  local: string,
  zone: string,
  disambiguation: 'earlier' | 'later' | undefined,
  now = Date.now(),
): LocalTimeCheck {
  let result: ZonedToUtcResult;
  try {
    result = zonedToUtc(local, zone, disambiguation ?? 'reject');
  } catch {
    return { kind: 'invalid' };
  }
  if (!result.ok) {
    const [earlier, later] = result.candidates ?? [];
    if (result.reason === 'ambiguous' && earlier && later) return { kind: 'ambiguous', candidates: [earlier, later] };
    return { kind: 'nonexistent' };
  }
  if (new Date(result.instant).getTime() <= now) return { kind: 'past', instant: result.instant };
  return { kind: 'ok', instant: result.instant };
}

/** How one reading of a repeated hour is offered: '02:30 CEST (UTC+02:00)'. */
export function describeReading(candidate: string, zone: string): string {
  const zoned = utcToZoned(candidate, zone);
  const name = zoned.abbreviation ? `${zoned.abbreviation} (UTC${zoned.offset})` : `UTC${zoned.offset}`;
  return `${zoned.time} ${name}`;
}
