/** Posts due at one minute: drawn as one entry ("3 posts at 09:00") in the week and day views. */
export interface TimeGroup<T> {
  /** The wall-clock start they share, `2026-11-30T09:00:00`. */
  start: string;
  items: T[];
}

/** Two wall-clock times, `2026-11-30T09:00:00`, in the same minute. */
export const sameMinute = (a: string, b: string) => a.slice(0, 16) === b.slice(0, 16);

/**
 * A list sorted by time, cut into runs that start at the same minute. The week and day views draw a run of
 * two or more as one entry: side by side, each would be a sliver too narrow to read, most of all on a phone.
 */
export function groupBySameTime<T>(items: readonly T[], startOf: (item: T) => string): TimeGroup<T>[] {
  const groups: TimeGroup<T>[] = [];
  for (const item of items) {
    const start = startOf(item);
    const last = groups.at(-1);
    if (last && sameMinute(last.start, start)) last.items.push(item);
    else groups.push({ start, items: [item] });
  }
  return groups;
}

/** "3 posts at 09:00". */
export const sameTimeLabel = (group: TimeGroup<unknown>) =>
  `${group.items.length} posts at ${group.start.slice(11, 16)}`;
