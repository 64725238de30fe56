import type { Project } from '@fanout/contracts';
import { PROJECT_COLOR_PAIRS } from '@fanout/contracts';
import { emitSignal } from '@/lib/signals';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';

/** Shown when there is no current project (spec section 3). */
export const FALLBACK_PROJECT = { initials: 'TP', name: 'Testproject', color1: '#3b82f6', color2: '#9333ea' } as const;

export function readCurrentProjectId(): number | null {
  const raw = readStorage(STORAGE_KEYS.currentProjectId);
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Stores the choice and tells open views to reload what depends on the project. */
export function switchProject(id: number) {
  writeStorage(STORAGE_KEYS.currentProjectId, String(id));
  emitSignal('project-changed');
}

/**
 * The current project (spec section 4): the stored one when it is in the list, otherwise the first.
 * `store` is set when nothing was stored yet and the first project must be remembered.
 */
export function resolveCurrentProject(
  projects: readonly Project[],
  storedId: number | null,
): { project: Project | null; store: number | null } {
  const first = projects[0] ?? null;
  if (storedId === null) return { project: first, store: first?.id ?? null };
  return { project: projects.find((p) => p.id === storedId) ?? first, store: null };
}

export function randomColorPair(random: () => number = Math.random): readonly [string, string] {
  const index = Math.floor(random() * PROJECT_COLOR_PAIRS.length) % PROJECT_COLOR_PAIRS.length;
  return PROJECT_COLOR_PAIRS[index]!;
}
