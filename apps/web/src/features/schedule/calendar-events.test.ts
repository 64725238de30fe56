import { describe, expect, it } from 'vitest';
import { buildPost } from '@/test/post-factories';
import { calendarEvents } from './calendar-events';

const ZONE = 'Europe/Berlin';
// 09:00 in Berlin (CEST) on 1 July 2030: three posts, and one a quarter of an hour later.
const nine = [
  buildPost('x', { id: 1, scheduledAt: '2030-07-01T07:00:00.000Z' }),
  buildPost('facebook', { id: 2, scheduledAt: '2030-07-01T07:00:00.000Z' }),
  buildPost('youtube', { id: 3, scheduledAt: '2030-07-01T07:00:00.000Z', status: 'published' }),
];
const quarterPast = buildPost('reddit', { id: 4, scheduledAt: '2030-07-01T07:15:00.000Z' });

describe('what the calendar draws of the posts', () => {
  it('week and day: one entry for the posts at one time, on the person’s clock, not draggable as a whole', () => {
    for (const view of ['timeGridWeek', 'timeGridDay']) {
      const events = calendarEvents([quarterPast, ...nine], ZONE, view);
      expect(events.map((e) => [e.id, e.start])).toEqual([
        ['at-2030-07-01T09:00:00', '2030-07-01T09:00:00'],
        ['4', '2030-07-01T09:15:00'],
      ]);
      expect(events[0]!.editable).toBe(false);
      expect(events[0]!.extendedProps!.group.items.map((p: { id: number }) => p.id)).toEqual([1, 2, 3]);
      // A post alone at its time stays itself, draggable while scheduled.
      expect(events[1]!.startEditable).toBe(true);
    }
  });

  it('month: each post of a day (up to three, then "+N more"); agenda: every post', () => {
    const month = calendarEvents([...nine, quarterPast], ZONE, 'dayGridMonth');
    expect(month.map((e) => e.id)).toEqual(['1', '2', 'more-2030-07-01']);
    expect(month[2]!.extendedProps!.more).toEqual({ day: '2030-07-01', count: 2 });
    expect(calendarEvents([...nine, quarterPast], ZONE, 'listWeek').map((e) => e.id)).toEqual(['1', '2', '3', '4']);
  });
});
