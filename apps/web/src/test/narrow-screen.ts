import { vi } from 'vitest';
import { NARROW_QUERY } from '@/lib/use-narrow-screen';

/** A phone-narrow window for useNarrowScreen() (jsdom has no matchMedia: the app takes it for a wide one). */
export function stubNarrowScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === NARROW_QUERY,
    addEventListener() {},
    removeEventListener() {},
  }));
}
