const HALF_DAY = 12 * 3_600_000;

/** Each calendar day (`YYYY-MM-DD` in `timeZone`) that [from, to) touches, in order. */
export function periodDays(from: string, to: string, timeZone: string): string[] {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const start = Date.parse(from);
  const end = Date.parse(to);
  const days = new Set<string>();
  // Half-day steps never skip a day, whatever a DST change does to its length.
  for (let t = start; t < end; t += HALF_DAY) days.add(format.format(t));
  if (end > start) days.add(format.format(end - 1));
  return [...days];
}
