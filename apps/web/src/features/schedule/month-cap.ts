/** Posts a day of the month view shows before "+N more" (which opens that day). */
export const MONTH_DAY_POSTS = 3;

/**
 * The month view's share of a list sorted by time: a day's first posts, and for a fuller day its first
 * `max - 1` and the number left. The calendar draws only these, so a month of thousands stays light.
 */
export function capPerDay<T>(items: readonly T[], dayOf: (item: T) => string, max = MONTH_DAY_POSTS) {
  const byDay = new Map<string, T[]>();
  for (const item of items) {
    const day = dayOf(item);
    const list = byDay.get(day);
    if (list) list.push(item);
    else byDay.set(day, [item]);
  }
  const shown: T[] = [];
  const more: { day: string; count: number }[] = [];
  for (const [day, list] of byDay) {
    if (list.length <= max) shown.push(...list);
    else {
      shown.push(...list.slice(0, max - 1));
      more.push({ day, count: list.length - (max - 1) });
    }
  }
  return { shown, more };
}
