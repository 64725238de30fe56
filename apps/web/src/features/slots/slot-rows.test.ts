import { describe, expect, it } from 'vitest';
import { newRow, rowProblems, sortedRows } from './slot-rows';

describe('slot editor rows', () => {
  it('marks a slot given twice and a slot without a time, before anything is sent', () => {
    const a = newRow({ platform: 'x', weekday: 2, time: '09:00' });
    const b = newRow({ platform: 'x', weekday: 2, time: '09:00' });
    const c = newRow({ platform: 'tiktok', weekday: 2, time: '09:00' });
    const d = newRow({ platform: 'x', weekday: 3, time: '' });
    const problems = rowProblems([a, b, c, d]);
    expect(problems.get(a.key)).toBeUndefined();
    expect(problems.get(b.key)).toBe('This slot is already in the list.');
    expect(problems.get(c.key)).toBeUndefined();
    expect(problems.get(d.key)).toBe('Enter a time.');
  });

  it('orders slots by platform, weekday and time', () => {
    const rows = [
      newRow({ platform: 'x', weekday: 1, time: '08:00' }),
      newRow({ platform: 'instagram', weekday: 3, time: '12:00' }),
      newRow({ platform: 'instagram', weekday: 3, time: '09:30' }),
    ];
    expect(sortedRows(rows).map((r) => `${r.platform} ${r.weekday} ${r.time}`)).toEqual([
      'instagram 3 09:30',
      'instagram 3 12:00',
      'x 1 08:00',
    ]);
  });
});
