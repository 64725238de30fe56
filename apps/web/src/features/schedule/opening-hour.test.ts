import { describe, expect, it } from 'vitest';
import { hourDuration, openingHour } from './opening-hour';

describe('the hour the week and day views open at', () => {
  it('is the working day’s 08:00 for an empty week, not midnight', () => {
    expect(openingHour([])).toBe(8);
    expect(hourDuration(openingHour([]))).toBe('08:00:00');
  });

  it('stays at 08:00 while every post is within the working day', () => {
    expect(openingHour(['2026-11-30T14:30:00', '2026-12-02T09:00:00'])).toBe(8);
  });

  it('opens earlier at the hour of a post before 08:00, whichever day it is on', () => {
    expect(openingHour(['2026-11-30T14:30:00', '2026-12-03T06:45:00'])).toBe(6);
    expect(hourDuration(openingHour(['2026-12-03T00:10:00']))).toBe('00:00:00');
  });

  it('opens at the first evening post when every post is after the working day', () => {
    expect(openingHour(['2026-11-30T21:00:00', '2026-12-01T19:30:00'])).toBe(19);
  });
});
