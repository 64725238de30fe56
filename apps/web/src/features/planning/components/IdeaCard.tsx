import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Idea } from '@fanout/contracts';
import { cn } from '@/components/ui/cn';
import { CalendarIcon, FilmIcon, PencilIcon } from '@/components/ui/icons';
import { formatDate } from '@/lib/format';

interface IdeaCardProps {
  idea: Idea;
  videoTitle: string | undefined;
  onEdit(idea: Idea): void;
  onMove(idea: Idea): void;
  onPost(idea: Idea): void;
  /** For a role that may only read the board (a reviewer or a client): no handle, no Move, Edit or post. */
  readOnly?: boolean;
}

const small =
  'rounded-md px-2 py-1 text-xs font-medium text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600';

/** One card: picked up by its handle (pointer or keyboard), or moved with "Move to…". */
export function IdeaCard({ idea, videoTitle, onEdit, onMove, onPost, readOnly = false }: IdeaCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: idea.id,
    disabled: readOnly,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'rounded-xl border border-zinc-200 bg-white p-3 shadow-sm',
        isDragging && 'relative z-10 opacity-80 shadow-lg ring-2 ring-brand-500',
      )}
      data-idea-id={idea.id}
    >
      <div className="flex items-start gap-2">
        {!readOnly && (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Drag ${idea.title}`}
            className="mt-0.5 cursor-grab touch-none rounded p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800 focus-visible:outline-2 focus-visible:outline-brand-600 active:cursor-grabbing"
          >
            <svg viewBox="0 0 16 16" className="size-4" aria-hidden="true" fill="currentColor">
              <circle cx="5" cy="3" r="1.4" />
              <circle cx="11" cy="3" r="1.4" />
              <circle cx="5" cy="8" r="1.4" />
              <circle cx="11" cy="8" r="1.4" />
              <circle cx="5" cy="13" r="1.4" />
              <circle cx="11" cy="13" r="1.4" />
            </svg>
          </button>
        )}
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold break-words text-zinc-900">{idea.title}</h3>
          {idea.notes && <p className="mt-1 line-clamp-3 text-xs whitespace-pre-line text-zinc-600">{idea.notes}</p>}
          {(idea.dueDate || idea.videoId !== null) && (
            <dl className="mt-2 space-y-1 text-xs text-zinc-600">
              {idea.dueDate && (
                <div className="flex items-center gap-1.5">
                  <dt>
                    <CalendarIcon className="size-3.5" />
                    <span className="sr-only">Due</span>
                  </dt>
                  {/* Noon keeps a plain date on its day in every time zone. */}
                  <dd>Due {formatDate(`${idea.dueDate}T12:00:00`)}</dd>
                </div>
              )}
              {idea.videoId !== null && (
                <div className="flex items-center gap-1.5">
                  <dt>
                    <FilmIcon className="size-3.5" />
                    <span className="sr-only">Video</span>
                  </dt>
                  <dd className="truncate">{videoTitle ?? 'A video of this project'}</dd>
                </div>
              )}
            </dl>
          )}
        </div>
      </div>
      {!readOnly && (
        <div className="mt-2 flex flex-wrap justify-end gap-1 border-t border-zinc-100 pt-2">
          {idea.videoId !== null && (
            <button
              type="button"
              className={cn(small, 'text-brand-700')}
              aria-label={`Create post of ${idea.title}`}
              onClick={() => onPost(idea)}
            >
              Create post
            </button>
          )}
          <button type="button" className={small} aria-label={`Move to… ${idea.title}`} onClick={() => onMove(idea)}>
            Move to…
          </button>
          <button type="button" className={small} onClick={() => onEdit(idea)} aria-label={`Edit ${idea.title}`}>
            <PencilIcon className="size-3.5" />
          </button>
        </div>
      )}
    </li>
  );
}
