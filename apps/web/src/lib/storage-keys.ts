/** Local-storage keys the product uses (spec section 9). */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  user: 'user',
  currentProjectId: 'currentProjectId',
  /** Tokens of sessions signed out while the server could not be reached: ended on the server when it can be. */
  pendingSignOuts: 'pending_sign_outs',
  /** Ids of the accounts whose time zone this browser has already offered its own zone for. */
  timeZoneAsked: 'time_zone_asked',
} as const;

/** Session-storage keys: kept for one tab only, and gone when it closes. */
export const SESSION_STORAGE_KEYS = {
  /** `{provider, state}` of an identity-provider sign-in on its way to the provider and back */
  identityProviderSignIn: 'identity_provider_sign_in',
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

export function readSessionStorage(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSessionStorage(key: string, value: string | null) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Nothing to persist to.
  }
}
