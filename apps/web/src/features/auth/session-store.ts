import { useMemo, useSyncExternalStore } from 'react';
import type { User } from '@fanout/contracts';
import { onSignal } from '@/lib/signals';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';

/** The signed-in session: token and user, held in local storage and mirrored to subscribers. */

export interface SessionUser {
  id: number;
  username: string;
  email: string;
  fullName?: string;
}

export const GUEST_USER: SessionUser = { id: 0, username: 'Guest', email: '{email}' };

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function getToken(): string | null {
  return readStorage(STORAGE_KEYS.authToken);
}

export function isLoggedIn(): boolean {
  return Boolean(getToken());
}

export function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SessionUser>;
    return typeof value.username === 'string' && typeof value.id === 'number' ? (value as SessionUser) : null;
  } catch {
    return null;
  }
}

export function getUser(): SessionUser | null {
  return parseUser(readStorage(STORAGE_KEYS.user));
}

/** The last session ended because its user signed out (not because the server refused the token). */
let endedBySignOut = false;

export function sessionEndedBySignOut(): boolean {
  return endedBySignOut;
}

export function setSession(token: string, user: User) {
  endedBySignOut = false;
  writeStorage(STORAGE_KEYS.authToken, token);
  writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
  notify();
}

export function setUser(user: User) {
  writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
  notify();
}

export function clearSession({ signedOut = false }: { signedOut?: boolean } = {}) {
  endedBySignOut = signedOut;
  writeStorage(STORAGE_KEYS.authToken, null);
  writeStorage(STORAGE_KEYS.user, null);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.authToken || event.key === STORAGE_KEYS.user) listener();
  };
  window.addEventListener('storage', onStorage);
  // The API client forgets the session on a 401 and says so with this signal.
  const offExpired = onSignal('session-expired', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    offExpired();
  };
}

export function useSession() {
  const token = useSyncExternalStore(subscribe, getToken, () => null);
  const rawUser = useSyncExternalStore(
    subscribe,
    () => readStorage(STORAGE_KEYS.user),
    () => null,
  );
  const user = useMemo(() => parseUser(rawUser), [rawUser]);
  return { token, user, isLoggedIn: Boolean(token) };
}
