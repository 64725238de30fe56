/** The working day the week and day views open on, in hours of the person's clock. */
export const WORKING_DAY = { start: 8, end: 18 } as const;

/**
 * The hour the week and day views open at (they scroll within themselves): the start of the working day, unless
 * the posts on screen start outside it, before 08:00 or from 18:00 on; then the hour of the earliest, so that
 * no post is hidden above or far below. `starts` are wall-clock times, `2026-11-30T06:45:00`.
 */
export function openingHour(starts: readonly string[]): number {
  if (starts.length === 0) return WORKING_DAY.start;
  const earliest = Math.min(...starts.map((start) => Number(start.slice(11, 13))));
  return earliest < WORKING_DAY.start || earliest >= WORKING_DAY.end ? earliest : WORKING_DAY.start;
}

/** `08:00:00`, as the calendar's scroll time. */
export const hourDuration = (hour: number) => `${String(hour).padStart(2, '0')}:00:00`;
