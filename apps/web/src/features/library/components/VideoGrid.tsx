import { useRef } from 'react';
import { useWidth, useWindowList } from '../hooks/use-window-list';
import type { LibraryItem } from '../library-items';
import type { ItemHandlers } from './item-handlers';
import { VideoCard } from './VideoCard';

/** A card is at least this wide; the grid has as many columns as fit, at most four. */
const MIN_CARD_WIDTH = 280;
const GAP = 16;
const ROW_ESTIMATE = 380;

export function gridColumns(width: number): number {
  return Math.max(1, Math.min(4, Math.floor((width + GAP) / (MIN_CARD_WIDTH + GAP))));
}

interface VideoGridProps {
  items: readonly LibraryItem[];
  handlers: ItemHandlers;
  /** How many items the whole list has, loaded or not. */
  setSize: number;
  onNearEnd: () => void;
}

/** The grid view: only the rows near the viewport are drawn; each card says its place in the whole list. */
export function VideoGrid({ items, handlers, setSize, onNearEnd }: VideoGridProps) {
  const ref = useRef<HTMLDivElement>(null);
  // The column count follows the list's own width.
  const columns = gridColumns(useWidth(ref));
  const {
    virtualizer,
    items: rows,
    scrollMargin,
  } = useWindowList({
    ref,
    rows: Math.ceil(items.length / columns),
    estimate: ROW_ESTIMATE,
    gap: GAP,
    onNearEnd,
  });

  return (
    <div
      ref={ref}
      role="list"
      aria-label="Videos"
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {rows.map((row) => (
        <div
          key={row.key}
          role="none"
          data-index={row.index}
          ref={virtualizer.measureElement}
          className="absolute top-0 left-0 grid w-full gap-4"
          style={{
            transform: `translateY(${row.start - scrollMargin}px)`,
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          }}
        >
          {items.slice(row.index * columns, (row.index + 1) * columns).map((item, i) => (
            <div
              key={item.id}
              role="listitem"
              aria-setsize={setSize}
              aria-posinset={row.index * columns + i + 1}
              className="flex"
            >
              <VideoCard item={item} handlers={handlers} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
