import { PLATFORM_KEYS, type PlatformKey, type PostingSlot } from '@fanout/contracts';

/** One row of the slot editor: a slot as typed, with a key that survives reordering. */
export interface SlotRow extends PostingSlot {
  key: number;
}

let nextKey = 1;
export const newRow = (slot: PostingSlot): SlotRow => ({ ...slot, key: nextKey++ });

const order = (a: PostingSlot, b: PostingSlot) =>
  PLATFORM_KEYS.indexOf(a.platform) - PLATFORM_KEYS.indexOf(b.platform) ||
  a.weekday - b.weekday ||
  a.time.localeCompare(b.time);

export const sortedRows = (rows: readonly SlotRow[]) => [...rows].sort(order);

/** Keys of rows that repeat an earlier row (same platform, weekday and time), and of rows without a time. */
export function rowProblems(rows: readonly SlotRow[]): Map<number, string> {
  const problems = new Map<number, string>();
  const seen = new Set<string>();
  for (const row of rows) {
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(row.time)) {
      problems.set(row.key, 'Enter a time.');
      continue;
    }
    const id = `${row.platform} ${row.weekday} ${row.time}`;
    if (seen.has(id)) problems.set(row.key, 'This slot is already in the list.');
    seen.add(id);
  }
  return problems;
}

export const firstPlatform = (connected: readonly PlatformKey[]): PlatformKey => connected[0] ?? 'youtube';
