import { describe, expect, it } from 'vitest';
import { checkLocalTime, describeReading, formatInZone, toLocalInput } from './zoned-time';

const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('post times in the person zone', () => {
  it('shows an instant as the clocks in that zone show it, with the zone name', () => {
    expect(formatInZone('2026-07-01T12:00:00Z', 'Europe/Berlin')).toBe('01. Juli 2026, 14:00 CEST');
    expect(formatInZone('2026-07-01T12:00:00Z', 'America/New_York')).toBe('01. Juli 2026, 08:00 EDT');
    expect(toLocalInput('2026-12-31T23:30:00Z', 'Europe/Berlin')).toBe('2027-01-01T00:30');
  });

  it('reads a wall-clock time in the zone, refusing the hour the clocks skip', () => {
    expect(checkLocalTime('2026-07-01T14:00', 'Europe/Berlin', undefined, NOW)).toEqual({
      kind: 'ok',
      instant: '2026-07-01T12:00:00.000Z',
    });
    expect(checkLocalTime('2026-03-29T02:30', 'Europe/Berlin', undefined, NOW)).toEqual({ kind: 'nonexistent' });
    expect(checkLocalTime('2025-07-01T14:00', 'Europe/Berlin', undefined, NOW).kind).toBe('past');
    expect(checkLocalTime('nonsense', 'Europe/Berlin', undefined, NOW)).toEqual({ kind: 'invalid' });
  });

  it('asks which reading of the repeated hour is meant, and takes the one chosen', () => {
    const check = checkLocalTime('2026-10-25T02:30', 'Europe/Berlin', undefined, NOW);
    expect(check).toEqual({
      kind: 'ambiguous',
      candidates: ['2026-10-25T02:30:00+02:00', '2026-10-25T02:30:00+01:00'],
    });
    if (check.kind !== 'ambiguous') return;
    expect(check.candidates.map((c) => describeReading(c, 'Europe/Berlin'))).toEqual([
      '02:30 CEST (UTC+02:00)',
      '02:30 CET (UTC+01:00)',
    ]);
    expect(checkLocalTime('2026-10-25T02:30', 'Europe/Berlin', 'later', NOW)).toEqual({
      kind: 'ok',
      instant: '2026-10-25T01:30:00.000Z',
    });
  });
});
