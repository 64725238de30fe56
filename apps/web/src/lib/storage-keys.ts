/** Local-storage keys the product uses (spec section 9). */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  user: 'user',
  currentProjectId: 'currentProjectId',
} as const;

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): behave as if empty.
    return null;
  }
}

export function writeStorage(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Same as above: nothing to persist to.
  }
}
