import { z } from 'zod';

/**
 * Wall-clock times in IANA time zones, with the platform's Intl data only, so the server and the browser
 * read a time the same way. Times are entered and shown in a person's zone and stored as UTC instants;
 * a wall-clock time that a clock change skips or repeats is never guessed at.
 */

/** A wall-clock date and time to the minute, as a `datetime-local` input gives it: `2026-10-25T02:30`. */
export const LOCAL_DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

export type Disambiguation = 'earlier' | 'later' | 'reject';

export type ZonedToUtcResult =
  | { ok: true; instant: string }
  | {
      ok: false;
      /** `nonexistent`: the clocks skip this time (spring forward); `ambiguous`: it happens twice (fall back). */
      reason: 'nonexistent' | 'ambiguous';
      /** For `ambiguous`: both readings, earlier first, as ISO 8601 with their offset (`2026-10-25T02:30:00+02:00`). */
      candidates?: string[];
    };

export interface ZonedDateTime {
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:mm` */
  time: string;
  /** The zone's offset from UTC at that instant, `+01:00` (`+00:00` for UTC). */
  offset: string;
  /** A well-known letter abbreviation (`CEST`, `EDT`, `IST`) when the platform has one; never `GMT+1`. */
  abbreviation?: string;
}

const DAY_MS = 86_400_000;
/** An IANA name (`Europe/Berlin`, `UTC`, `Etc/GMT+5`); rules out the bare offsets (`+01:00`) newer engines take. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormatters.set(zone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone.length > 64 || !ZONE_NAME.test(zone)) return false;
  try {
    partsFormatter(zone);
    return true;
  } catch {
    return false;
  }
}

function assertZone(zone: string): void {
  if (!isValidTimeZone(zone)) throw new RangeError(`Unknown time zone: ${zone}`);
}

let supported: readonly string[] | undefined;

/** Every zone the platform knows, for pickers. `UTC` is listed first: some engines leave it out. */
export function supportedTimeZones(): readonly string[] {
  if (!supported) {
    const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    supported = ['UTC', ...names.filter((name) => name !== 'UTC')];
  }
  return supported;
}

/**
 * The spelling of `zone` from the platform's list when it differs only in case (`europe/berlin`), so stored
 * names match the picker's; otherwise the name as given (a valid alias such as `Asia/Kolkata` where the
 * list says `Asia/Calcutta` stays as the person chose it).
 */
export function normalizeTimeZoneCase(zone: string): string {
  const lower = zone.toLowerCase();
  return supportedTimeZones().find((name) => name.toLowerCase() === lower) ?? zone;
}

/** A valid IANA time-zone name, trimmed and spelt as the platform lists it. */
export const TimeZone = z
  .string()
  .trim()
  .refine(isValidTimeZone, 'Choose a time zone by its IANA name, such as Europe/Berlin')
  .transform(normalizeTimeZoneCase)
  .meta({ description: 'An IANA time-zone name', example: 'Europe/Berlin' });
export type TimeZone = z.infer<typeof TimeZone>;

/** A local date-time `YYYY-MM-DDTHH:mm` that names a real calendar day and time of day. */
export const LocalDateTime = z
  .string()
  .refine((text) => parseLocal(text) !== undefined, 'Enter a date and time as YYYY-MM-DDTHH:mm');

/** The local fields read as if they were UTC (milliseconds), or undefined if they name no real date-time. */
function parseLocal(text: string): number | undefined {
  const m = LOCAL_DATE_TIME_PATTERN.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (year < 1 || hour > 23 || minute > 59) return undefined;
  const at = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years 1-99 as they are.
  at.setUTCFullYear(year, month - 1, day);
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return undefined;
  return at.getTime() + hour * 3_600_000 + minute * 60_000;
}

/** The wall-clock fields at `instantMs` in `zone`, read as if they were UTC (milliseconds, whole seconds). */
function wallClockMs(instantMs: number, zone: string): number {
  const fields: Record<string, string> = {};
  for (const part of partsFormatter(zone).formatToParts(instantMs)) fields[part.type] = part.value;
  const year = Number(fields.year) * (fields.era === 'BC' || fields.era === 'B' ? -1 : 1);
  const at = new Date(0);
  at.setUTCFullYear(year, Number(fields.month) - 1, Number(fields.day));
  at.setUTCHours(Number(fields.hour), Number(fields.minute), Number(fields.second), 0);
  return at.getTime();
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
function offsetMsAt(instantMs: number, zone: string): number {
  const wholeSecond = Math.floor(instantMs / 1000) * 1000;
  return wallClockMs(wholeSecond, zone) - wholeSecond;
}

/** `+05:30`; historical offsets with seconds keep them (`+00:53:28`). */
export function formatOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? '-' : '+';
  const total = Math.round(Math.abs(offsetMs) / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hhmm = `${sign}${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}`;
  return total % 60 === 0 ? hhmm : `${hhmm}:${pad(total % 60)}`;
}

/** The zone's offset from UTC at an instant, `+05:30`. Throws a RangeError for an unknown zone. */
export function zoneOffset(instant: string | number | Date, zone: string): string {
  assertZone(zone);
  return formatOffset(offsetMsAt(new Date(instant).getTime(), zone));
}

/**
 * Every instant at which the clocks in `zone` show `localMs`. The offsets a day either side (and the ones
 * those lead to) cover any single clock change; each is kept only if the zone really has that offset then.
 */
function instantsShowing(localMs: number, zone: string): number[] {
  const probes = new Set([offsetMsAt(localMs - DAY_MS, zone), offsetMsAt(localMs + DAY_MS, zone)]);
  for (const offset of [...probes]) probes.add(offsetMsAt(localMs - offset, zone));
  const instants = new Set<number>();
  for (const offset of probes) {
    const instant = localMs - offset;
    if (offsetMsAt(instant, zone) === offset) instants.add(instant);
  }
  return [...instants].sort((a, b) => a - b);
}

function localIso(instantMs: number, zone: string): string {
  const offsetMs = offsetMsAt(instantMs, zone);
  const wall = new Date(instantMs + offsetMs).toISOString().slice(0, 19);
  return `${wall}${formatOffset(offsetMs)}`;
}

/**
 * The UTC instant of a wall-clock time in `zone`. A time the clocks skip is refused (`nonexistent`); a time
 * they show twice is refused as `ambiguous` with both readings unless `disambiguation` picks the `earlier`
 * (still on the summer offset) or the `later` one. Throws a RangeError for a malformed time or unknown zone.
 */
export function zonedToUtc(
  localDateTime: string,
  zone: string,
  disambiguation: Disambiguation = 'reject',
): ZonedToUtcResult {
  assertZone(zone);
  const localMs = parseLocal(localDateTime);
  if (localMs === undefined) throw new RangeError(`Not a local date-time (YYYY-MM-DDTHH:mm): ${localDateTime}`);
  const instants = instantsShowing(localMs, zone);
  const [first, second] = instants;
  if (first === undefined) return { ok: false, reason: 'nonexistent' };
  if (second === undefined || disambiguation === 'earlier') return { ok: true, instant: new Date(first).toISOString() };
  if (disambiguation === 'later') return { ok: true, instant: new Date(second).toISOString() };
  return { ok: false, reason: 'ambiguous', candidates: instants.map((at) => localIso(at, zone)) };
}

const ABBREVIATION_LOCALES = ['en-US', 'en-GB', 'en-IN', 'en-AU'];
const abbreviationFormatters = new Map<string, Intl.DateTimeFormat[]>();

/** The first letters-only short name any of a few English locales gives (`CEST` comes from en-GB only). */
function abbreviationAt(instantMs: number, zone: string): string | undefined {
  let formatters = abbreviationFormatters.get(zone);
  if (!formatters) {
    formatters = ABBREVIATION_LOCALES.map(
      (locale) => new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' }),
    );
    abbreviationFormatters.set(zone, formatters);
  }
  for (const formatter of formatters) {
    const name = formatter.formatToParts(instantMs).find((part) => part.type === 'timeZoneName')?.value;
    if (name && /^[A-Z]{2,5}$/.test(name)) return name;
  }
  return undefined;
}

/** The wall-clock date, time and offset in `zone` at an instant. Throws a RangeError for a bad instant or zone. */
export function utcToZoned(instant: string | number | Date, zone: string): ZonedDateTime {
  assertZone(zone);
  const instantMs = new Date(instant).getTime();
  if (Number.isNaN(instantMs)) throw new RangeError(`Not an instant: ${String(instant)}`);
  const iso = localIso(instantMs, zone);
  const abbreviation = abbreviationAt(instantMs, zone);
  return {
    date: iso.slice(0, 10),
    time: iso.slice(11, 16),
    offset: formatOffset(offsetMsAt(instantMs, zone)),
    ...(abbreviation ? { abbreviation } : {}),
  };
}
