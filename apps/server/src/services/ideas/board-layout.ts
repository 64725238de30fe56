import { IDEA_COLUMNS, POST_FOLLOWING_COLUMNS, type IdeaColumn } from '@fanout/contracts';

/** A board as ordered lists of idea ids per column: positions are the indexes, so always 0 … n-1. */
export type BoardLayout = Record<IdeaColumn, number[]>;

export interface PlacedIdea {
  id: number;
  column: IdeaColumn;
  position: number;
}

export const emptyLayout = (): BoardLayout =>
  Object.fromEntries(IDEA_COLUMNS.map((c) => [c, []])) as unknown as BoardLayout;

export const followsPosts = (column: IdeaColumn) => POST_FOLLOWING_COLUMNS.includes(column);

/** The layout of stored places; gaps and ties (never expected) close up in stored order. */
export function layoutOf(ideas: readonly PlacedIdea[]): BoardLayout {
  const layout = emptyLayout();
  const sorted = [...ideas].sort((a, b) => a.position - b.position || a.id - b.id);
  for (const idea of sorted) layout[idea.column].push(idea.id);
  return layout;
}

export function placeOf(layout: BoardLayout, id: number): PlacedIdea | undefined {
  for (const column of IDEA_COLUMNS) {
    const position = layout[column].indexOf(id);
    if (position >= 0) return { id, column, position };
  }
  return undefined;
}

/** Takes an idea out and puts it at `position` of `column` (past the end: at the bottom). */
export function moveTo(layout: BoardLayout, id: number, column: IdeaColumn, position?: number): void {
  for (const c of IDEA_COLUMNS) layout[c] = layout[c].filter((x) => x !== id);
  const list = layout[column];
  const at = position === undefined ? list.length : Math.min(Math.max(position, 0), list.length);
  list.splice(at, 0, id);
}

/**
 * The column an idea must be in given its video's posts: a published post puts it in Published, one on its
 * way in Scheduled. With neither, it stays where the person put it, and one that was following posts (the
 * post was cancelled or failed, or the video detached) goes back to Ready.
 */
export function requiredColumn(current: IdeaColumn, stage: IdeaColumn | null): IdeaColumn {
  if (stage) return stage;
  return followsPosts(current) ? 'ready' : current;
}

/** Moves every idea whose posts have moved on to the bottom of its new column, in board order. */
export function followPostStages(layout: BoardLayout, stageOf: (id: number) => IdeaColumn | null): void {
  for (const column of IDEA_COLUMNS) {
    for (const id of [...layout[column]]) {
      const target = requiredColumn(column, stageOf(id));
      if (target !== column) moveTo(layout, id, target);
    }
  }
}

/** The ideas whose place in `after` differs from `before`. */
export function changedPlaces(before: readonly PlacedIdea[], after: BoardLayout): PlacedIdea[] {
  const was = new Map(before.map((p) => [p.id, p]));
  const changed: PlacedIdea[] = [];
  for (const column of IDEA_COLUMNS) {
    after[column].forEach((id, position) => {
      const old = was.get(id);
      if (!old || old.column !== column || old.position !== position) changed.push({ id, column, position });
    });
  }
  return changed;
}
