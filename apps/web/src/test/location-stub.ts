import { vi } from 'vitest';

/** window.location with `assign` recorded instead of leaving the page (jsdom cannot navigate away). */
export function stubLocationAssign() {
  const assign = vi.fn<(url: string | URL) => void>();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}
