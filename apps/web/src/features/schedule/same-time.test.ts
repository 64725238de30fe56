import { describe, expect, it } from 'vitest';
import { groupBySameTime, sameTimeLabel } from './same-time';

describe('posts at the same time in the week and day views', () => {
  const start = (item: { at: string }) => item.at;

  it('makes one entry of the posts that start at one minute, and leaves the others alone', () => {
    const items = [
      { id: 1, at: '2026-11-30T09:00:00' },
      { id: 2, at: '2026-11-30T09:00:00' },
      { id: 3, at: '2026-11-30T09:00:30' },
      { id: 4, at: '2026-11-30T09:15:00' },
      { id: 5, at: '2026-12-01T09:00:00' },
    ];
    const groups = groupBySameTime(items, start);
    expect(groups.map((g) => g.items.map((i) => i.id))).toEqual([[1, 2, 3], [4], [5]]);
    expect(sameTimeLabel(groups[0]!)).toBe('3 posts at 09:00');
  });

  it('keeps the same time on different days apart', () => {
    const groups = groupBySameTime([{ at: '2026-11-30T18:00:00' }, { at: '2026-12-01T18:00:00' }], start);
    expect(groups).toHaveLength(2);
  });

  it('has nothing to group in an empty week', () => {
    expect(groupBySameTime([], start)).toEqual([]);
  });
});
