import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { Idea, IdeaColumn } from '@fanout/contracts';
import { cn } from '@/components/ui/cn';
import { COLUMN_LABELS, followsPosts } from '../board-moves';
import { IdeaCard } from './IdeaCard';

interface BoardColumnProps {
  column: IdeaColumn;
  ideas: Idea[];
  videoTitles: Map<number, string>;
  onEdit(idea: Idea): void;
  onMove(idea: Idea): void;
  onPost(idea: Idea): void;
  readOnly?: boolean;
}

export const columnDropId = (column: IdeaColumn) => `column:${column}`;

const HINTS: Partial<Record<IdeaColumn, string>> = {
  scheduled: 'Fills by itself when an idea’s video has a scheduled post.',
  published: 'Fills by itself when an idea’s video is published.',
};

export function BoardColumn({ column, ideas, videoTitles, onEdit, onMove, onPost, readOnly }: BoardColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: columnDropId(column) });
  const headingId = `plan-column-${column}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex min-w-0 flex-col rounded-2xl border border-zinc-200 bg-zinc-50 p-3 lg:flex-1',
        isOver && 'border-brand-400 bg-brand-50',
      )}
    >
      <h2 id={headingId} className="flex items-center justify-between px-1 text-sm font-semibold text-zinc-900">
        {COLUMN_LABELS[column]}
        <span className="rounded-full bg-zinc-200 px-2 py-0.5 text-xs font-medium text-zinc-700">
          {ideas.length}
          <span className="sr-only"> {ideas.length === 1 ? 'idea' : 'ideas'}</span>
        </span>
      </h2>
      {followsPosts(column) && <p className="mt-1 px-1 text-xs text-zinc-600">{HINTS[column]}</p>}
      <SortableContext items={ideas.map((idea) => idea.id)} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} aria-labelledby={headingId} className="mt-3 flex min-h-24 flex-1 flex-col gap-2">
          {ideas.map((idea) => (
            <IdeaCard
              key={idea.id}
              idea={idea}
              videoTitle={idea.videoId !== null ? videoTitles.get(idea.videoId) : undefined}
              onEdit={onEdit}
              onMove={onMove}
              onPost={onPost}
              readOnly={readOnly}
            />
          ))}
        </ul>
      </SortableContext>
    </section>
  );
}
