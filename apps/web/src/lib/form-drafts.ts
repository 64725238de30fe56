import { useEffect, useRef, useState } from 'react';
import { readStorage, writeStorage } from './storage-keys';

/**
 * What a person typed into a form and has not saved, kept in this browser's local storage per signed-in user
 * and per subject (a video, a post), so that leaving the form (a link, a reload, a closed tab) loses nothing.
 * Kept in the browser rather than on the server: it is half-typed text that only its author needs, on the
 * device they typed it on. Removed when the form is saved or its draft discarded, and at sign-out.
 */
const PREFIX = 'draft:';

export const draftKey = (form: string, userId: number, subject: number) => `${PREFIX}${form}:${userId}:${subject}`;

function readDraft(key: string): unknown {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Every draft of this browser; at sign-out, so the next person on it finds none. */
export function clearAllDrafts() {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) if (key?.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

/** The draft found under `key` when the form opened, checked by `parse`; null when there is none. */
export function useRestoredDraft<T>(key: string | null, parse: (raw: unknown) => T | null): T | null {
  const [restored] = useState(() => (key ? parse(readDraft(key)) : null));
  return restored;
}

/**
 * Keeps `value` under `key` while `unsaved` (it differs from what the form shows without a draft), and
 * removes it once it no longer does. `key` null (nobody signed in): nothing is kept. Returns what to call
 * once the form is saved: the draft is removed and no other kept, whatever the form still shows.
 */
export function useKeepDraft(key: string | null, value: unknown, unsaved: boolean): () => void {
  const saved = useRef(false);
  const serialized = JSON.stringify(value);
  useEffect(() => {
    if (!key || saved.current) return;
    writeStorage(key, unsaved ? serialized : null);
  }, [key, serialized, unsaved]);
  return () => {
    saved.current = true;
    if (key) writeStorage(key, null);
  };
}
