import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { resolvePostTime } from './post-time';

const now = new Date('2026-03-01T12:00:00.000Z');

function refusal(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error('not refused');
}

describe("a post's time", () => {
  it('is now when none is given, and the instant asked for otherwise', () => {
    expect(resolvePostTime({}, 'UTC', now)).toEqual(now);
    expect(resolvePostTime({ scheduledAt: '2026-03-01T14:00:00+01:00' }, 'UTC', now).toISOString()).toBe(
      '2026-03-01T13:00:00.000Z',
    );
  });

  it('takes up to a minute in the past as now, and refuses what is older or more than a year ahead', () => {
    expect(resolvePostTime({ scheduledAt: '2026-03-01T11:59:01Z' }, 'UTC', now)).toEqual(now);
    expect(refusal(() => resolvePostTime({ scheduledAt: '2026-03-01T11:58:59Z' }, 'UTC', now)).code).toBe(
      'scheduled_in_past',
    );
    expect(resolvePostTime({ scheduledAt: '2027-03-01T12:00:00Z' }, 'UTC', now).toISOString()).toBe(
      '2027-03-01T12:00:00.000Z',
    );
    expect(refusal(() => resolvePostTime({ scheduledAt: '2027-03-01T12:00:01Z' }, 'UTC', now)).code).toBe(
      'scheduled_too_far',
    );
  });

  it("reads a wall-clock time in the user's zone, DST-correct in Europe/Berlin", () => {
    const zone = 'Europe/Berlin';
    expect(resolvePostTime({ scheduledLocal: '2026-03-28T09:00' }, zone, now).toISOString()).toBe(
      '2026-03-28T08:00:00.000Z',
    );
    expect(resolvePostTime({ scheduledLocal: '2026-03-29T09:00' }, zone, now).toISOString()).toBe(
      '2026-03-29T07:00:00.000Z',
    );
    expect(refusal(() => resolvePostTime({ scheduledLocal: '2026-03-29T02:30' }, zone, now))).toEqual({
      code: 'nonexistent_local_time',
      message: expect.stringContaining('2026-03-29 02:30 does not exist in Europe/Berlin'),
    });
    expect(refusal(() => resolvePostTime({ scheduledLocal: '2026-10-25T02:30' }, zone, now))).toEqual({
      code: 'ambiguous_local_time',
      message: expect.stringContaining('(2026-10-25T02:30:00+02:00) or the later (2026-10-25T02:30:00+01:00)'),
    });
    const at = (disambiguation: 'earlier' | 'later') =>
      resolvePostTime({ scheduledLocal: '2026-10-25T02:30', disambiguation }, zone, now).toISOString();
    expect(at('earlier')).toBe('2026-10-25T00:30:00.000Z');
    expect(at('later')).toBe('2026-10-25T01:30:00.000Z');
  });
});
