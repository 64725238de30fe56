import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NARROW_QUERY, useNarrowScreen } from './use-narrow-screen';

/** A window whose width crosses the phone breakpoint when told to. */
function stubWidth(narrow: boolean) {
  const listeners = new Set<() => void>();
  const state = { narrow };
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === NARROW_QUERY && state.narrow;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return (next: boolean) => {
    state.narrow = next;
    listeners.forEach((listener) => listener());
  };
}

describe('useNarrowScreen', () => {
  it('is false where the browser cannot tell (no matchMedia): the desktop layout', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(renderHook(() => useNarrowScreen()).result.current).toBe(false);
  });

  it('follows the window across the phone breakpoint', () => {
    const resize = stubWidth(true);
    const { result } = renderHook(() => useNarrowScreen());
    expect(result.current).toBe(true);
    act(() => resize(false));
    expect(result.current).toBe(false);
  });
});
