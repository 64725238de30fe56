import { describe, expect, it } from 'vitest';
import { periodDays } from './period-days';

describe('the days of a period', () => {
  it('lists each day of the zone once, across a DST change', () => {
    expect(periodDays('2026-03-27T23:00:00Z', '2026-03-31T22:00:00Z', 'Europe/Berlin')).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
    ]);
    expect(periodDays('2026-01-01T10:00:00Z', '2026-01-01T11:00:00Z', 'UTC')).toEqual(['2026-01-01']);
  });
});
