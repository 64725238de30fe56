import { describe, expect, it } from 'vitest';
import type { Idea } from '@fanout/contracts';
import { columnsOf, moveIdea, moveRefusal } from './board-moves';

const idea = (id: number, column: Idea['column'], position: number): Idea => ({
  id,
  projectId: 1,
  title: `Idea ${id}`,
  notes: '',
  column,
  position,
  dueDate: null,
  videoId: null,
  createdAt: '2030-01-01T00:00:00.000Z',
});

const titles = (ideas: Idea[]) =>
  Object.fromEntries(Object.entries(columnsOf(ideas)).map(([c, list]) => [c, list.map((i) => i.id)]));

describe('board moves', () => {
  const board = [idea(1, 'idea', 0), idea(2, 'idea', 1), idea(3, 'drafting', 0)];

  it('moves within a column and between columns, numbering each column from 0', () => {
    expect(titles(moveIdea(board, 2, 'idea', 0))).toMatchObject({ idea: [2, 1], drafting: [3] });
    const moved = moveIdea(board, 1, 'drafting', 0);
    expect(titles(moved)).toMatchObject({ idea: [2], drafting: [1, 3] });
    expect(moved.map((i) => [i.id, i.column, i.position])).toEqual([
      [2, 'idea', 0],
      [1, 'drafting', 0],
      [3, 'drafting', 1],
    ]);
    expect(titles(moveIdea(board, 1, 'ready'))).toMatchObject({ idea: [2], ready: [1] });
  });

  it('refuses moves into and out of the columns that follow posts', () => {
    expect(moveRefusal(board[0]!, 'ready')).toBeNull();
    expect(moveRefusal(board[0]!, 'scheduled')).toMatch(/^Ideas move to Scheduled by themselves/);
    expect(moveRefusal(idea(4, 'published', 0), 'idea')).toMatch(/stays in Published/);
    expect(moveRefusal(idea(4, 'published', 0), 'published')).toBeNull();
  });
});
