import { Button } from '@/components/ui/Button';
import { CalendarIcon, ClockIcon, CloseIcon, TrashIcon } from '@/components/ui/icons';

interface SelectionBarProps {
  count: number;
  /** How many items match the filters (what select-all would select). */
  of: number;
  onSchedule: () => void;
  /** Into each platform's next free posting slots. */
  onQueue?: () => void;
  onDelete: () => void;
  onClear: () => void;
  deleting: boolean;
}

export function SelectionBar({ count, of, onSchedule, onQueue, onDelete, onClear, deleting }: SelectionBarProps) {
  return (
    <div
      role="region"
      aria-label="Selection"
      className="sticky top-16 z-20 mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-2.5 shadow-sm"
    >
      <p className="text-sm font-medium text-brand-900" aria-live="polite">
        <span>{count.toLocaleString('en')} selected</span>
        {of > count && <span className="font-normal text-brand-800"> of {of.toLocaleString('en')}</span>}
      </p>
      <div className="ml-auto flex items-center gap-2">
        <Button size="sm" variant="secondary" icon={<CalendarIcon className="size-4" />} onClick={onSchedule}>
          Schedule
        </Button>
        {onQueue && (
          <Button size="sm" variant="secondary" icon={<ClockIcon className="size-4" />} onClick={onQueue}>
            Add to queue
          </Button>
        )}
        <Button size="sm" variant="danger" icon={<TrashIcon className="size-4" />} onClick={onDelete} busy={deleting}>
          Delete
        </Button>
        <button
          type="button"
          onClick={onClear}
          aria-label="Clear selection"
          className="rounded-lg p-1.5 text-brand-800 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <CloseIcon className="size-4" />
        </button>
      </div>
    </div>
  );
}
