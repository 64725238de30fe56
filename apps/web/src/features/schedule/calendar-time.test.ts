import { describe, expect, it } from 'vitest';
import { instantRange, moveToDay, resolveLocal, toWall, wallNow, wallToLocal } from './calendar-time';

describe('moving a post to another day keeps its time of day on the person’s clock', () => {
  it('across the spring change in Europe/Berlin: 10:00 CET stays 10:00, now CEST', () => {
    const moved = moveToDay('2026-03-28T09:00:00.000Z', 'Europe/Berlin', '2026-03-30');
    expect(moved).toEqual({ local: '2026-03-30T10:00', scheduledAt: '2026-03-30T08:00:00.000Z' });
  });

  it('across the autumn change in Europe/Berlin: 10:00 CEST stays 10:00, now CET', () => {
    const moved = moveToDay('2026-10-24T08:00:00.000Z', 'Europe/Berlin', '2026-10-26');
    expect(moved).toEqual({ local: '2026-10-26T10:00', scheduledAt: '2026-10-26T09:00:00.000Z' });
  });

  it('late in the evening it stays on the chosen day, not at 23:59 and not a day off', () => {
    const moved = moveToDay('2026-11-02T22:30:00.000Z', 'Europe/Berlin', '2026-11-05');
    expect(moved.local).toBe('2026-11-05T23:30');
    expect(moved.scheduledAt).toBe('2026-11-05T22:30:00.000Z');
  });

  it('onto the day Berlin skips 02:00–03:00: 02:30 becomes 03:00 CEST and says so', () => {
    const moved = moveToDay('2026-03-27T01:30:00.000Z', 'Europe/Berlin', '2026-03-29');
    expect(moved).toEqual({
      local: '2026-03-29T03:00',
      scheduledAt: '2026-03-29T01:00:00.000Z',
      shiftedFrom: '2026-03-29T02:30',
    });
  });

  it('onto the day Berlin shows 02:30 twice: the first 02:30 (CEST)', () => {
    const moved = moveToDay('2026-10-23T00:30:00.000Z', 'Europe/Berlin', '2026-10-25');
    expect(moved).toEqual({ local: '2026-10-25T02:30', scheduledAt: '2026-10-25T00:30:00.000Z' });
  });

  it('across the spring change in America/New_York: 09:00 EST stays 09:00 EDT', () => {
    const moved = moveToDay('2026-03-07T14:00:00.000Z', 'America/New_York', '2026-03-09');
    expect(moved).toEqual({ local: '2026-03-09T09:00', scheduledAt: '2026-03-09T13:00:00.000Z' });
  });

  it('onto the day New York skips 02:00–03:00, and back onto the day it repeats 01:00–02:00', () => {
    expect(moveToDay('2026-03-06T07:15:00.000Z', 'America/New_York', '2026-03-08')).toEqual({
      local: '2026-03-08T03:00',
      scheduledAt: '2026-03-08T07:00:00.000Z',
      shiftedFrom: '2026-03-08T02:15',
    });
    expect(moveToDay('2026-10-30T05:30:00.000Z', 'America/New_York', '2026-11-01')).toEqual({
      local: '2026-11-01T01:30',
      scheduledAt: '2026-11-01T05:30:00.000Z',
    });
  });
});

describe('the calendar’s wall clock', () => {
  it('shows an instant as the person’s clock does, and reads it back', () => {
    expect(toWall('2026-03-29T01:00:00.000Z', 'Europe/Berlin')).toBe('2026-03-29T03:00:00');
    expect(toWall('2026-11-01T06:30:00.000Z', 'America/New_York')).toBe('2026-11-01T01:30:00');
    expect(wallToLocal(new Date('2026-03-29T03:00:00Z'))).toBe('2026-03-29T03:00');
    expect(wallNow('America/New_York', Date.parse('2026-07-01T03:00:00Z')).toISOString()).toBe(
      '2026-06-30T23:00:00.000Z',
    );
  });

  it('a drop in the week view at a wall time gives that time in the zone', () => {
    const dropped = resolveLocal(wallToLocal(new Date('2026-10-26T14:30:00Z')), 'Europe/Berlin');
    expect(dropped.scheduledAt).toBe('2026-10-26T13:30:00.000Z');
  });

  it('asks for a range of instants wide enough for any zone', () => {
    const range = instantRange(new Date('2026-11-01T00:00:00Z'), new Date('2026-12-01T00:00:00Z'));
    expect(range).toEqual({ from: '2026-10-31T00:00:00.000Z', to: '2026-12-02T00:00:00.000Z' });
  });
});
