import { useId, useState, type ReactNode } from 'react';
import { Checkbox } from '@/components/ui/Checkbox';
import { inputClasses } from '@/components/ui/Field';
import { ChevronDownIcon, GridIcon, ListIcon, SearchIcon } from '@/components/ui/icons';
import { cn } from '@/components/ui/cn';
import { STATUS_FILTER_OPTIONS, type StatusFilter } from '../library-items';

export type LibraryView = 'grid' | 'list';

interface LibraryToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  status: StatusFilter;
  onStatus: (value: StatusFilter) => void;
  view: LibraryView;
  onView: (value: LibraryView) => void;
  /** Left out where nothing may be done with a selection (a reviewer or a client). */
  selectAll?: { checked: boolean; indeterminate: boolean; disabled: boolean; onChange: () => void };
  /** How many filters (status, tag, collection) narrow the list now: said on the folded Filters button. */
  activeFilters: number;
  /** More filters, folded with these on a phone (the tag and collection filters). */
  children?: ReactNode;
}

const toggleClasses = (active: boolean) =>
  cn(
    'flex size-9 items-center justify-center rounded-md transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
    active ? 'bg-white text-zinc-900 shadow-sm' : 'text-zinc-500 hover:text-zinc-800',
  );

/**
 * Search, status, view and select-all; on a phone everything but the search folds behind "Filters", so the
 * first video shows on the first screen.
 */
export function LibraryToolbar({
  search,
  onSearch,
  status,
  onStatus,
  view,
  onView,
  selectAll,
  activeFilters,
  children,
}: LibraryToolbarProps) {
  const [unfolded, setUnfolded] = useState(false);
  const id = useId();
  const folding = cn(unfolded ? 'flex' : 'hidden', 'sm:flex');
  return (
    <>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex gap-2 sm:flex-1">
          <div className="relative flex-1">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" />
            <input
              type="search"
              value={search}
              onChange={(event) => onSearch(event.target.value)}
              placeholder="Search videos..."
              aria-label="Search videos"
              className={cn(inputClasses, 'h-10 pl-9')}
            />
          </div>
          <button
            type="button"
            aria-expanded={unfolded}
            aria-controls={`${id}-row ${id}-more`}
            onClick={() => setUnfolded((open) => !open)}
            className="flex h-10 shrink-0 items-center gap-1.5 rounded-lg border border-zinc-300 bg-white px-3 text-sm font-medium text-zinc-800 shadow-sm hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand-600 sm:hidden"
          >
            Filters{' '}
            {activeFilters > 0 && (
              <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white">
                {activeFilters} <span className="sr-only">on</span>
              </span>
            )}
            <ChevronDownIcon className={cn('size-4 transition-transform', unfolded && 'rotate-180')} />
          </button>
        </div>
        <div id={`${id}-row`} className={cn(folding, 'items-center gap-3')}>
          <label className="sr-only" htmlFor="status-filter">
            Status
          </label>
          <select
            id="status-filter"
            value={status}
            onChange={(event) => onStatus(event.target.value as StatusFilter)}
            className={cn(inputClasses, 'h-10 w-auto min-w-0 flex-1 pr-8 sm:w-44 sm:flex-none')}
          >
            {STATUS_FILTER_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <div role="group" aria-label="View" className="flex shrink-0 rounded-lg bg-zinc-100 p-0.5">
            <button
              type="button"
              aria-label="Grid view"
              aria-pressed={view === 'grid'}
              className={toggleClasses(view === 'grid')}
              onClick={() => onView('grid')}
            >
              <GridIcon className="size-4" />
            </button>
            <button
              type="button"
              aria-label="List view"
              aria-pressed={view === 'list'}
              className={toggleClasses(view === 'list')}
              onClick={() => onView('list')}
            >
              <ListIcon className="size-4" />
            </button>
          </div>
          {selectAll && (
            <label className="flex shrink-0 cursor-pointer items-center gap-2 text-sm text-zinc-700">
              <Checkbox
                checked={selectAll.checked}
                indeterminate={selectAll.indeterminate}
                disabled={selectAll.disabled}
                onChange={selectAll.onChange}
              />
              <span className="sr-only sm:not-sr-only">Select all</span>
            </label>
          )}
        </div>
      </div>
      {children && (
        <div id={`${id}-more`} className={cn(unfolded ? 'block' : 'hidden', 'sm:block')}>
          {children}
        </div>
      )}
    </>
  );
}
