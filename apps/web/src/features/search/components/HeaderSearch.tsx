import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { inputClasses } from '@/components/ui/Field';
import { SearchIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/components/ui/cn';
import { useDebounced } from '@/lib/use-debounced';
import { useSearch } from '../api/search';
import { EMPTY_QUERY_TEXT, noResultsText, resultCountText, resultHref } from '../search-text';
import { SearchResultRow } from './SearchResultRow';

/** Header search over the user's videos and posts, as a combobox with a list of results. */
export function HeaderSearch({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();
  const navigate = useNavigate();
  const term = useDebounced(query.trim(), 200);
  const search = useSearch(term);
  const results = term ? (search.data?.results ?? []) : [];

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function go(index: number) {
    const result = results[index];
    const href = result && resultHref(result);
    if (!href) return;
    setOpen(false);
    setQuery('');
    onNavigate?.();
    void navigate(href);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      // A search input would also clear itself on Escape, which would open the list again.
      event.preventDefault();
      // With the list open, Escape closes only the list, not what the search sits in (the mobile menu).
      if (open) event.stopPropagation();
      return setOpen(false);
    }
    if (event.key === 'ArrowDown') setActive((i) => Math.min(results.length - 1, i + 1));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(-1, i - 1));
    else if (event.key === 'Enter' && active >= 0) go(active);
    else return;
    setOpen(true);
    event.preventDefault();
  }

  const pending = query.trim() !== term || (search.isFetching && !search.data);
  const showList = open && !pending && results.length > 0;
  return (
    <div
      ref={root}
      className={cn('relative', className)}
      onBlur={(event) => {
        // Focus left the search (Tab, or a click elsewhere): the list closes.
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" />
      <input
        type="search"
        role="combobox"
        aria-label="Search files and folders"
        aria-expanded={open}
        aria-controls={showList ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        placeholder="Search files and folders..."
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className={cn(inputClasses, 'h-10 bg-zinc-50 pl-9')}
      />
      {open && (
        <div
          // A press inside the list keeps focus in the input, so the list does not close under the pointer.
          onMouseDown={(event) => event.preventDefault()}
          className="absolute inset-x-0 top-full z-40 mt-2 overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xl shadow-zinc-900/10"
        >
          <div
            className="flex items-center justify-between border-b border-zinc-100 px-4 py-2.5 text-xs text-zinc-500"
            aria-live="polite"
          >
            {!query.trim() ? (
              <span>{EMPTY_QUERY_TEXT}</span>
            ) : pending ? (
              <span className="inline-flex items-center gap-2">
                <Spinner className="size-3" /> Searching…
              </span>
            ) : search.isError ? (
              <span className="text-red-600">Search is unavailable right now.</span>
            ) : results.length === 0 ? (
              <span>{noResultsText(term)}</span>
            ) : (
              <span>{resultCountText(results.length)}</span>
            )}
          </div>
          {showList && (
            <ul id={listId} role="listbox" aria-label="Search results" className="max-h-80 overflow-y-auto p-1.5">
              {results.map((result, index) => (
                <li
                  key={`${result.ref}-${index}`}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  onPointerDown={(event) => event.preventDefault()}
                  onClick={() => go(index)}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2',
                    index === active ? 'bg-brand-50' : 'hover:bg-zinc-50',
                  )}
                >
                  <SearchResultRow result={result} query={term} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
