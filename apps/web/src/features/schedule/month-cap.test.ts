import { describe, expect, it } from 'vitest';
import { capPerDay } from './month-cap';

describe('the month view’s posts per day', () => {
  it('keeps a day of up to three whole, and shows two and "+N more" for a fuller one', () => {
    const items = ['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'b4', 'b5'];
    const { shown, more } = capPerDay(items, (item) => item[0]!);
    expect(shown).toEqual(['a1', 'a2', 'a3', 'b1', 'b2']);
    expect(more).toEqual([{ day: 'b', count: 3 }]);
  });
});
