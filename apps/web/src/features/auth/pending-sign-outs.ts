import { useEffect } from 'react';
import { ApiError, apiRequest } from '@/lib/api-client';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';

/**
 * Signing out ends the session on the server. When the server cannot be reached at that moment (offline,
 * a deploy), the browser forgets the session anyway, and its token is kept here, to be ended on the server
 * the next time the app starts or the browser comes back online. Otherwise the token would stay valid
 * until it expired, on a computer the user believes they signed out of.
 */

/** More than a few pending tokens would mean something else is wrong; the oldest go first. */
const MAX_PENDING = 5;

function readPending(): string[] {
  try {
    const value: unknown = JSON.parse(readStorage(STORAGE_KEYS.pendingSignOuts) ?? '[]');
    return Array.isArray(value) ? value.filter((token): token is string => typeof token === 'string') : [];
  } catch {
    return [];
  }
}

function writePending(tokens: readonly string[]) {
  writeStorage(STORAGE_KEYS.pendingSignOuts, tokens.length > 0 ? JSON.stringify(tokens) : null);
}

/** The server did not answer, failed or asked to wait: the sign-out may not have happened. */
function signOutMayNotHaveReachedServer(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;
}

function endOnServer(token: string): Promise<unknown> {
  return apiRequest('/auth/logout', { method: 'POST', token });
}

/** Ends the session of `token` on the server, or keeps it to try again later. */
export async function signOutOnServer(token: string | null): Promise<void> {
  if (!token) return;
  try {
    await endOnServer(token);
  } catch (error) {
    if (signOutMayNotHaveReachedServer(error)) writePending([...readPending(), token].slice(-MAX_PENDING));
  }
}

let running: Promise<void> | undefined;

/** Tries the kept sign-outs again; a token the server refuses (401) is already ended. */
export function endPendingSignOuts(): Promise<void> {
  running ??= (async () => {
    for (const token of readPending()) {
      try {
        await endOnServer(token);
      } catch (error) {
        if (signOutMayNotHaveReachedServer(error)) continue;
      }
      writePending(readPending().filter((kept) => kept !== token));
    }
  })().finally(() => {
    running = undefined;
  });
  return running;
}

/** Tries the kept sign-outs when the app starts and whenever the browser comes back online. */
export function useEndPendingSignOuts() {
  useEffect(() => {
    const retry = () => void endPendingSignOuts();
    retry();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, []);
}
