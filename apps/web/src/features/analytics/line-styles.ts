import type { PlatformKey } from '@fanout/contracts';

export type MarkerShape = 'circle' | 'square' | 'triangle' | 'diamond' | 'star' | 'cross';

/**
 * Besides its colour, each platform's line has its own marker and dash pattern: two lines that lie on top of
 * each other (two platforms with no views for a month) still show both, and neither depends on telling
 * colours apart.
 */
export const LINE_STYLES: Record<PlatformKey, { marker: MarkerShape; dash?: string }> = {
  x: { marker: 'circle' },
  facebook: { marker: 'square', dash: '6 4' },
  youtube: { marker: 'triangle', dash: '12 4' },
  instagram: { marker: 'diamond', dash: '8 3 2 3' },
  tiktok: { marker: 'cross', dash: '2 3' },
  reddit: { marker: 'star', dash: '4 2 1 2' },
};

/** Markers on at most about this many points of a line, evenly spread: a year of daily points stays readable. */
const MARKERS_PER_LINE = 31;

/** Whether the point at `index` of `count` carries its line's marker. */
export function hasMarker(index: number, count: number): boolean {
  return index % Math.ceil(count / MARKERS_PER_LINE) === 0 || index === count - 1;
}
