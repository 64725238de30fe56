import { PLATFORMS } from '@fanout/contracts';
import { describe, expect, it } from 'vitest';
import { hasMarker, LINE_STYLES } from './line-styles';

describe('the chart’s lines', () => {
  it('give every platform its own marker and dash pattern, so lines on top of each other stay apart', () => {
    const styles = PLATFORMS.map((p) => LINE_STYLES[p.key]);
    expect(new Set(styles.map((s) => s.marker)).size).toBe(PLATFORMS.length);
    expect(new Set(styles.map((s) => s.dash ?? 'solid')).size).toBe(PLATFORMS.length);
  });

  it('mark every day of a month, and about one day in twelve of a year, always the last', () => {
    const marked = (count: number) => Array.from({ length: count }, (_, i) => i).filter((i) => hasMarker(i, count));
    expect(marked(30)).toHaveLength(30);
    const year = marked(365);
    expect(year.length).toBeLessThanOrEqual(33);
    expect(year.at(-1)).toBe(364);
    expect(year.slice(0, 3)).toEqual([0, 12, 24]);
  });
});
