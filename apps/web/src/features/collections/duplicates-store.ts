import { useSyncExternalStore } from 'react';

/** An upload the server kept although the project had the same file: the person chooses what to keep. */
export interface DuplicateUpload {
  /** The new copy. */
  videoId: number;
  /** The video that was there first. */
  firstId: number;
  title: string;
}

let duplicates: readonly DuplicateUpload[] = [];
const listeners = new Set<() => void>();

function set(next: readonly DuplicateUpload[]) {
  duplicates = next;
  for (const listener of listeners) listener();
}

export function noteDuplicate(duplicate: DuplicateUpload) {
  set([...duplicates.filter((d) => d.videoId !== duplicate.videoId), duplicate]);
}

export function dismissDuplicate(videoId: number) {
  set(duplicates.filter((d) => d.videoId !== videoId));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDuplicates(): readonly DuplicateUpload[] {
  return useSyncExternalStore(subscribe, () => duplicates);
}
