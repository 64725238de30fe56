import { useSyncExternalStore } from 'react';

/**
 * Below this width (Tailwind's `md`) a screen is laid out for a phone: where CSS alone cannot change a layout
 * (a table becoming cards, the calendar's views), components ask `useNarrowScreen()`.
 */
export const NARROW_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

// Without matchMedia (jsdom) the screen counts as wide: the layout every desktop test expects.
const narrowNow = () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;

/** True while the window is phone-narrow; follows rotation and resizing. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, narrowNow, () => false);
}
