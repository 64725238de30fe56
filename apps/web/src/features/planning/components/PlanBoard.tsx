import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useMemo, useRef, useState } from 'react';
import { IDEA_COLUMNS, type Idea, type IdeaColumn } from '@fanout/contracts';
import { COLUMN_LABELS, columnsOf } from '../board-moves';
import { BoardColumn } from './BoardColumn';

type Layout = Record<IdeaColumn, number[]>;

interface PlanBoardProps {
  ideas: Idea[];
  videoTitles: Map<number, string>;
  /** A card was dropped somewhere new: its column and 0-based position there. */
  onDrop(idea: Idea, column: IdeaColumn, position: number): void;
  onEdit(idea: Idea): void;
  onMove(idea: Idea): void;
  onPost(idea: Idea): void;
  /** A reviewer or a client reads the board: nothing to drag, move, edit or post. */
  readOnly?: boolean;
}

const layoutOf = (ideas: Idea[]): Layout => {
  const columns = columnsOf(ideas);
  return Object.fromEntries(IDEA_COLUMNS.map((c) => [c, columns[c].map((i) => i.id)])) as Layout;
};

function containerOf(layout: Layout, id: UniqueIdentifier): IdeaColumn | undefined {
  if (typeof id === 'string' && id.startsWith('column:')) return id.slice('column:'.length) as IdeaColumn;
  return IDEA_COLUMNS.find((c) => layout[c].includes(Number(id)));
}

const SCREEN_READER_INSTRUCTIONS =
  'To pick up an idea, press Space or Enter on its drag handle. Move it with the arrow keys: up and down within ' +
  'a column, left and right to another column; on a narrow screen, where the columns stand one under another, ' +
  'up and down go on into the next column. Press Space or Enter again to drop it, or Escape to cancel. ' +
  'The Move to… button of each card does the same with a form.';

/** The five columns; cards move by pointer, by keyboard (dnd-kit's sensor) or through "Move to…". */
export function PlanBoard({ ideas, videoTitles, onDrop, onEdit, onMove, onPost, readOnly }: PlanBoardProps) {
  const [dragging, setDragging] = useState<Layout | null>(null);
  // The layout as the announcements see it mid-drag (they run inside dnd-kit's handlers).
  const live = useRef<Layout | null>(null);
  const byId = useMemo(() => new Map(ideas.map((idea) => [idea.id, idea])), [ideas]);
  const layout = dragging ?? layoutOf(ideas);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const update = (next: Layout | null) => {
    live.current = next;
    setDragging(next);
  };
  const titleOf = (id: UniqueIdentifier) => byId.get(Number(id))?.title ?? 'The idea';
  const where = (id: UniqueIdentifier, over: UniqueIdentifier) => {
    const current = live.current ?? layoutOf(ideas);
    const column = containerOf(current, over);
    if (!column) return 'nowhere';
    const list = current[column];
    const index = list.indexOf(Number(id));
    const position = index >= 0 ? index + 1 : list.length + 1;
    return `${COLUMN_LABELS[column]}, position ${position} of ${Math.max(list.length, position)}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, in ${where(active.id, active.id)}.`,
    // Over itself is where it was picked up: nothing new to say.
    onDragOver: ({ active, over }) => {
      if (over?.id === active.id) return undefined;
      return over
        ? `${titleOf(active.id)} is now in ${where(active.id, over.id)}.`
        : `${titleOf(active.id)} is over no column.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.id)} dropped in ${where(active.id, over.id)}.` : `${titleOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled; it is back where it was.`,
  };

  function handleDragOver({ active, over }: DragOverEvent) {
    const current = live.current;
    if (!over || !current) return;
    const from = containerOf(current, active.id);
    const to = containerOf(current, over.id);
    if (!from || !to || from === to) return;
    const id = Number(active.id);
    const target = current[to].filter((x) => x !== id);
    const overIndex = target.indexOf(Number(over.id));
    target.splice(overIndex >= 0 ? overIndex : target.length, 0, id);
    update({ ...current, [from]: current[from].filter((x) => x !== id), [to]: target });
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    const current = live.current;
    update(null);
    const idea = byId.get(Number(active.id));
    if (!over || !current || !idea) return;
    const column = containerOf(current, active.id);
    if (!column) return;
    let list = current[column];
    const from = list.indexOf(idea.id);
    const to = list.indexOf(Number(over.id));
    if (to >= 0 && from !== to) list = arrayMove(list, from, to);
    const position = list.indexOf(idea.id);
    if (column !== idea.column || position !== idea.position) onDrop(idea, column, position);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      accessibility={{ announcements, screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS } }}
      onDragStart={() => update(layoutOf(ideas))}
      onDragOver={handleDragOver}
      onDragEnd={handleDragEnd}
      onDragCancel={() => update(null)}
    >
      {/* One way to scroll: the columns stand one under another on a phone, two abreast on a tablet, in a row
          from lg on; never a board to scroll sideways inside a page that scrolls down. */}
      <div className="grid gap-3 pb-4 sm:grid-cols-2 lg:flex">
        {IDEA_COLUMNS.map((column) => (
          <BoardColumn
            key={column}
            column={column}
            ideas={layout[column].flatMap((id) => {
              const idea = byId.get(id);
              return idea ? [idea] : [];
            })}
            videoTitles={videoTitles}
            onEdit={onEdit}
            onMove={onMove}
            onPost={onPost}
            readOnly={readOnly}
          />
        ))}
      </div>
    </DndContext>
  );
}
