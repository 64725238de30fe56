import { useEffect, useLayoutEffect, useState } from 'react';
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';

/** Rows this close to the end of what is loaded ask for the next page. */
const PREFETCH_ROWS = 6;

interface WindowListOptions {
  /** The list's element (where it starts on the page). */
  ref: React.RefObject<HTMLElement | null>;
  rows: number;
  /** A row's height before it is measured (also what an element that cannot be measured counts as). */
  estimate: number;
  gap?: number;
  /** Called when the rows shown come near the end of the loaded ones. */
  onNearEnd?: () => void;
}

/**
 * A list scrolled by the window of which only the rows in and near the viewport are drawn. Rows are measured
 * once drawn, so rows of different heights keep their place.
 */
export function useWindowList({ ref, rows, estimate, gap = 0, onNearEnd }: WindowListOptions) {
  // Where the list starts on the page: what sits above it (the selection bar) moves it.
  const [scrollMargin, setScrollMargin] = useState(0);
  // Measured after every render (what is above may have changed); only a change sets state again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    let top = 0;
    for (let element: HTMLElement | null = ref.current; element; element = element.offsetParent as HTMLElement | null)
      top += element.offsetTop;
    if (top !== scrollMargin) setScrollMargin(top);
  });

  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => estimate,
    overscan: 3,
    gap,
    scrollMargin,
    measureElement: (element) => element.getBoundingClientRect().height || estimate,
  });
  const items: VirtualItem[] = virtualizer.getVirtualItems();

  const last = items.at(-1)?.index ?? -1;
  const nearEnd = rows > 0 && last >= rows - 1 - PREFETCH_ROWS;
  useEffect(() => {
    if (nearEnd) onNearEnd?.();
  }, [nearEnd, rows, onNearEnd]);

  return { virtualizer, items, scrollMargin };
}

/** The width of an element, followed as it changes. */
export function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry!.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
