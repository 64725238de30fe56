import { describe, expect, it } from 'vitest';
import {
  LocalDateTime,
  TimeZone,
  isValidTimeZone,
  supportedTimeZones,
  utcToZoned,
  zoneOffset,
  zonedToUtc,
  type Disambiguation,
} from './time-zones';

describe('zonedToUtc', () => {
  it.each([
    // zone, local time, disambiguation, UTC instant
    ['Europe/Berlin', '2026-01-15T09:00', undefined, '2026-01-15T08:00:00.000Z'],
    ['Europe/Berlin', '2026-07-15T09:00', undefined, '2026-07-15T07:00:00.000Z'],
    ['Europe/Berlin', '2026-03-29T01:59', undefined, '2026-03-29T00:59:00.000Z'],
    ['Europe/Berlin', '2026-03-29T03:00', undefined, '2026-03-29T01:00:00.000Z'],
    ['Europe/Berlin', '2026-10-25T01:59', undefined, '2026-10-24T23:59:00.000Z'],
    ['Europe/Berlin', '2026-10-25T03:00', undefined, '2026-10-25T02:00:00.000Z'],
    ['Europe/Berlin', '2026-10-25T02:30', 'earlier', '2026-10-25T00:30:00.000Z'],
    ['Europe/Berlin', '2026-10-25T02:30', 'later', '2026-10-25T01:30:00.000Z'],
    ['America/New_York', '2026-03-08T01:30', undefined, '2026-03-08T06:30:00.000Z'],
    ['America/New_York', '2026-03-08T03:00', undefined, '2026-03-08T07:00:00.000Z'],
    ['America/New_York', '2026-11-01T01:30', 'earlier', '2026-11-01T05:30:00.000Z'],
    ['America/New_York', '2026-11-01T01:30', 'later', '2026-11-01T06:30:00.000Z'],
    ['Australia/Lord_Howe', '2026-10-04T01:59', undefined, '2026-10-03T15:29:00.000Z'],
    ['Australia/Lord_Howe', '2026-10-04T02:30', undefined, '2026-10-03T15:30:00.000Z'],
    ['Australia/Lord_Howe', '2026-04-05T01:45', 'earlier', '2026-04-04T14:45:00.000Z'],
    ['Australia/Lord_Howe', '2026-04-05T01:45', 'later', '2026-04-04T15:15:00.000Z'],
    ['Asia/Kolkata', '2026-03-29T02:30', undefined, '2026-03-28T21:00:00.000Z'],
    ['Asia/Kolkata', '2026-10-25T02:30', 'later', '2026-10-24T21:00:00.000Z'],
    ['UTC', '2026-03-29T02:30', undefined, '2026-03-29T02:30:00.000Z'],
    ['UTC', '2028-02-29T23:59', 'reject', '2028-02-29T23:59:00.000Z'],
  ] as const)('%s %s (%s) is %s', (zone, local, how, instant) => {
    expect(zonedToUtc(local, zone, how as Disambiguation | undefined)).toEqual({ ok: true, instant });
  });

  it.each([
    ['Europe/Berlin', '2026-03-29T02:00'],
    ['Europe/Berlin', '2026-03-29T02:30'],
    ['Europe/Berlin', '2026-03-29T02:59'],
    ['America/New_York', '2026-03-08T02:30'],
    ['Australia/Lord_Howe', '2026-10-04T02:00'],
    ['Australia/Lord_Howe', '2026-10-04T02:29'],
  ])('refuses %s %s, which the clocks skip, whatever the disambiguation', (zone, local) => {
    for (const how of [undefined, 'earlier', 'later', 'reject'] as const) {
      expect(zonedToUtc(local, zone, how)).toEqual({ ok: false, reason: 'nonexistent' });
    }
  });

  it.each([
    ['Europe/Berlin', '2026-10-25T02:30', ['2026-10-25T02:30:00+02:00', '2026-10-25T02:30:00+01:00']],
    ['Europe/Berlin', '2026-10-25T02:00', ['2026-10-25T02:00:00+02:00', '2026-10-25T02:00:00+01:00']],
    ['America/New_York', '2026-11-01T01:30', ['2026-11-01T01:30:00-04:00', '2026-11-01T01:30:00-05:00']],
    ['Australia/Lord_Howe', '2026-04-05T01:45', ['2026-04-05T01:45:00+11:00', '2026-04-05T01:45:00+10:30']],
  ])('answers %s %s as ambiguous with both readings, earlier first', (zone, local, candidates) => {
    const expected = { ok: false, reason: 'ambiguous', candidates };
    expect(zonedToUtc(local, zone)).toEqual(expected);
    expect(zonedToUtc(local, zone, 'reject')).toEqual(expected);
    // Each reading names the instant it stands for.
    expect(new Date(candidates[0]!).toISOString()).toBe(
      (zonedToUtc(local, zone, 'earlier') as { instant: string }).instant,
    );
    expect(new Date(candidates[1]!).toISOString()).toBe(
      (zonedToUtc(local, zone, 'later') as { instant: string }).instant,
    );
  });

  it.each([
    '2026-02-29T10:00',
    '2026-13-01T10:00',
    '2026-01-01T24:00',
    '2026-01-01T10:60',
    '2026-01-01 10:00',
    '2026-01-01T10:00:00',
    '',
  ])('throws on the malformed local time %j', (local) => {
    expect(() => zonedToUtc(local, 'Europe/Berlin')).toThrow(RangeError);
  });

  it('throws on an unknown zone', () => {
    expect(() => zonedToUtc('2026-01-01T10:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('utcToZoned', () => {
  it.each([
    [
      '2026-03-29T00:59:00Z',
      'Europe/Berlin',
      { date: '2026-03-29', time: '01:59', offset: '+01:00', abbreviation: 'CET' },
    ],
    [
      '2026-03-29T01:00:00Z',
      'Europe/Berlin',
      { date: '2026-03-29', time: '03:00', offset: '+02:00', abbreviation: 'CEST' },
    ],
    [
      '2026-10-25T00:30:00Z',
      'Europe/Berlin',
      { date: '2026-10-25', time: '02:30', offset: '+02:00', abbreviation: 'CEST' },
    ],
    [
      '2026-10-25T01:30:00Z',
      'Europe/Berlin',
      { date: '2026-10-25', time: '02:30', offset: '+01:00', abbreviation: 'CET' },
    ],
    [
      '2026-11-01T05:30:00Z',
      'America/New_York',
      { date: '2026-11-01', time: '01:30', offset: '-04:00', abbreviation: 'EDT' },
    ],
    [
      '2026-11-01T06:30:00Z',
      'America/New_York',
      { date: '2026-11-01', time: '01:30', offset: '-05:00', abbreviation: 'EST' },
    ],
    [
      '2026-10-03T15:30:00Z',
      'Australia/Lord_Howe',
      { date: '2026-10-04', time: '02:30', offset: '+11:00', abbreviation: 'LHDT' },
    ],
    [
      '2026-07-01T12:00:00Z',
      'Australia/Lord_Howe',
      { date: '2026-07-01', time: '22:30', offset: '+10:30', abbreviation: 'LHST' },
    ],
    [
      '2026-12-31T20:00:00Z',
      'Asia/Kolkata',
      { date: '2027-01-01', time: '01:30', offset: '+05:30', abbreviation: 'IST' },
    ],
    ['2026-06-01T12:34:56.789Z', 'UTC', { date: '2026-06-01', time: '12:34', offset: '+00:00', abbreviation: 'UTC' }],
  ])('%s in %s', (instant, zone, expected) => {
    expect(utcToZoned(instant, zone)).toEqual(expected);
  });

  it('takes a Date or epoch milliseconds as well as an ISO string', () => {
    const at = '2026-07-15T07:00:00.000Z';
    const expected = utcToZoned(at, 'Europe/Berlin');
    expect(expected.time).toBe('09:00');
    expect(utcToZoned(new Date(at), 'Europe/Berlin')).toEqual(expected);
    expect(utcToZoned(Date.parse(at), 'Europe/Berlin')).toEqual(expected);
  });

  it('gives the offset alone with zoneOffset', () => {
    expect(zoneOffset('2026-07-01T00:00:00Z', 'Australia/Lord_Howe')).toBe('+10:30');
    expect(zoneOffset(Date.parse('2026-01-01T00:00:00Z'), 'America/New_York')).toBe('-05:00');
    expect(zoneOffset(new Date('2026-01-01T00:00:00Z'), 'UTC')).toBe('+00:00');
  });

  it('leaves out an abbreviation the platform only knows as an offset', () => {
    expect(utcToZoned('2026-01-01T00:00:00Z', 'Asia/Tokyo')).toEqual({
      date: '2026-01-01',
      time: '09:00',
      offset: '+09:00',
    });
  });

  it('round-trips every minute of both Berlin clock-change nights that exists once', () => {
    for (const day of ['2026-03-29', '2026-10-25']) {
      for (let minute = 0; minute < 6 * 60; minute++) {
        const local = `${day}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
        const result = zonedToUtc(local, 'Europe/Berlin');
        const hour = Math.floor(minute / 60);
        if (hour === 2) {
          expect(result.ok).toBe(false);
          continue;
        }
        expect(result.ok).toBe(true);
        const back = utcToZoned((result as { instant: string }).instant, 'Europe/Berlin');
        expect(`${back.date}T${back.time}`).toBe(local);
      }
    }
  });

  it('throws on an unknown zone or a non-instant', () => {
    expect(() => utcToZoned('2026-01-01T00:00:00Z', 'Nowhere/Special')).toThrow(RangeError);
    expect(() => utcToZoned('yesterday', 'UTC')).toThrow(RangeError);
  });
});

describe('time-zone names', () => {
  it.each(['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC', 'Etc/GMT+5'])(
    'accepts %s',
    (zone) => {
      expect(isValidTimeZone(zone)).toBe(true);
      expect(TimeZone.parse(zone)).toBe(zone);
    },
  );

  it.each(['', 'Mars/Olympus', 'Europe/Berlinn', '+01:00', '-05:00', 'Europe/Berlin ', 'a'.repeat(65), 42, null])(
    'refuses %j',
    (zone) => {
      expect(isValidTimeZone(zone)).toBe(false);
    },
  );

  it('refuses invalid names in the schema with a message, and trims and spells a valid one as listed', () => {
    const result = TimeZone.safeParse('Mars/Olympus');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('IANA');
    expect(TimeZone.safeParse(12).success).toBe(false);
    expect(TimeZone.parse('  europe/berlin ')).toBe('Europe/Berlin');
    expect(TimeZone.parse('utc')).toBe('UTC');
  });

  it('lists UTC first and the named zones after it', () => {
    const zones = supportedTimeZones();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect(zones.filter((z) => z === 'UTC')).toHaveLength(1);
  });

  it('checks local date-times for the YYYY-MM-DDTHH:mm shape and a real day', () => {
    expect(LocalDateTime.safeParse('2026-10-25T02:30').success).toBe(true);
    expect(LocalDateTime.safeParse('2026-02-30T02:30').success).toBe(false);
    expect(LocalDateTime.safeParse('2026-10-25T02:30Z').success).toBe(false);
  });
});
