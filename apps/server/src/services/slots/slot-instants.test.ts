import { describe, expect, it } from 'vitest';
import { isoWeekday, slotInstant, slotInstants, type WeeklySlot } from './slot-instants';

const all = (slots: WeeklySlot[], zone: string, after: string, until: string) =>
  [...slotInstants(slots, zone, new Date(after), new Date(until))].map((d) => d.toISOString());
const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

describe('posting slot instants', () => {
  it('reads ISO weekdays (1 = Monday … 7 = Sunday)', () => {
    expect(isoWeekday('2026-03-23')).toBe(1);
    expect(isoWeekday('2026-03-29')).toBe(7);
  });

  it('places weekly slots on their weekdays in the zone, earliest first, strictly after the start', () => {
    const slots = [
      { weekday: 1, minute: at('09:00') },
      { weekday: 3, minute: at('18:30') },
    ];
    // Monday 2026-01-05 09:00 in Berlin is 08:00 UTC: a start at that very instant skips it.
    expect(all(slots, 'Europe/Berlin', '2026-01-05T08:00:00Z', '2026-01-13T00:00:00Z')).toEqual([
      '2026-01-07T17:30:00.000Z',
      '2026-01-12T08:00:00.000Z',
    ]);
  });

  it('moves a slot the clocks skip to the first minute after the gap (Europe/Berlin, spring forward)', () => {
    // Sunday 2026-03-29: 02:00 → 03:00 CEST. 02:30 does not exist: the slot is at 03:00 CEST = 01:00 UTC.
    expect(slotInstant('2026-03-29', at('02:30'), 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    const slots = [{ weekday: 7, minute: at('02:30') }];
    expect(all(slots, 'Europe/Berlin', '2026-03-21T00:00:00Z', '2026-04-06T00:00:00Z')).toEqual([
      '2026-03-22T01:30:00.000Z', // 02:30 CET
      '2026-03-29T01:00:00.000Z', // 03:00 CEST, the first valid minute
      '2026-04-05T00:30:00.000Z', // 02:30 CEST
    ]);
  });

  it('uses a slot once on the fall-back day, at the earlier instant (Europe/Berlin)', () => {
    // Sunday 2026-10-25: 03:00 CEST → 02:00 CET; 02:30 happens twice.
    const slots = [{ weekday: 7, minute: at('02:30') }];
    expect(all(slots, 'Europe/Berlin', '2026-10-24T00:00:00Z', '2026-10-26T00:00:00Z')).toEqual([
      '2026-10-25T00:30:00.000Z',
    ]);
  });

  it('follows America/New_York across both changes, and merges two slots the gap lands on one minute', () => {
    // Sunday 2026-03-08: 02:00 EST → 03:00 EDT. 02:00 and 02:30 both become 03:00 EDT (07:00 UTC): once.
    const spring = [
      { weekday: 7, minute: at('02:00') },
      { weekday: 7, minute: at('02:30') },
      { weekday: 7, minute: at('09:00') },
    ];
    expect(all(spring, 'America/New_York', '2026-03-07T00:00:00Z', '2026-03-09T00:00:00Z')).toEqual([
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T13:00:00.000Z', // 09:00 EDT
    ]);
    // Sunday 2026-11-01: 02:00 EDT → 01:00 EST; 01:30 happens twice and is used once, at 01:30 EDT.
    const fall = [{ weekday: 7, minute: at('01:30') }];
    expect(all(fall, 'America/New_York', '2026-10-31T00:00:00Z', '2026-11-09T00:00:00Z')).toEqual([
      '2026-11-01T05:30:00.000Z',
      '2026-11-08T06:30:00.000Z', // 01:30 EST a week later
    ]);
  });

  it('stops early: a caller taking a few slots does not compute a year of them', () => {
    const slots = [{ weekday: 1, minute: 0 }];
    const iterator = slotInstants(slots, 'UTC', new Date('2026-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z'));
    expect(iterator.next().value?.toISOString()).toBe('2026-01-05T00:00:00.000Z');
    expect(iterator.next().value?.toISOString()).toBe('2026-01-12T00:00:00.000Z');
  });
});
