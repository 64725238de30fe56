import { describe, expect, it } from 'vitest';
import { changedPlaces, followPostStages, layoutOf, moveTo, placeOf } from './board-layout';

const board = () =>
  layoutOf([
    { id: 1, column: 'idea', position: 0 },
    { id: 2, column: 'idea', position: 1 },
    { id: 3, column: 'idea', position: 2 },
    { id: 4, column: 'ready', position: 0 },
  ]);

describe('board layout', () => {
  it('moves a card within its column and keeps positions dense', () => {
    const layout = board();
    moveTo(layout, 3, 'idea', 0);
    expect(layout.idea).toEqual([3, 1, 2]);
  });

  it('moves a card to another column at a position, past the end meaning the bottom', () => {
    const layout = board();
    moveTo(layout, 1, 'ready', 0);
    moveTo(layout, 2, 'ready', 99);
    expect(layout.idea).toEqual([3]);
    expect(layout.ready).toEqual([1, 4, 2]);
    expect(placeOf(layout, 2)).toEqual({ id: 2, column: 'ready', position: 2 });
  });

  it('closes gaps left in stored positions', () => {
    const layout = layoutOf([
      { id: 7, column: 'drafting', position: 4 },
      { id: 8, column: 'drafting', position: 9 },
    ]);
    expect(changedPlaces([], layout)).toEqual([
      { id: 7, column: 'drafting', position: 0 },
      { id: 8, column: 'drafting', position: 1 },
    ]);
  });

  it('sends ideas whose video was scheduled or published to those columns, and back to Ready after', () => {
    const layout = board();
    followPostStages(layout, (id) => (id === 2 ? 'scheduled' : id === 4 ? 'published' : null));
    expect(layout).toMatchObject({ idea: [1, 3], scheduled: [2], published: [4], ready: [] });
    followPostStages(layout, () => null);
    expect(layout).toMatchObject({ idea: [1, 3], ready: [2, 4], scheduled: [], published: [] });
  });

  it('lists only the cards whose place changed', () => {
    const before = [
      { id: 1, column: 'idea' as const, position: 0 },
      { id: 2, column: 'idea' as const, position: 1 },
      { id: 4, column: 'ready' as const, position: 0 },
    ];
    const layout = layoutOf(before);
    moveTo(layout, 2, 'idea', 0);
    expect(changedPlaces(before, layout)).toEqual([
      { id: 2, column: 'idea', position: 0 },
      { id: 1, column: 'idea', position: 1 },
    ]);
  });
});
