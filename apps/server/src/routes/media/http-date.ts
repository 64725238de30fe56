const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '\\d{2}:\\d{2}:\\d{2}';
/** RFC 9110 §5.6.7: IMF-fixdate, and the obsolete RFC 850 and asctime forms a recipient must still read. */
const HTTP_DATE = new RegExp(
  `^(?:${DAY}, \\d{2} ${MONTH} \\d{4} ${TIME} GMT|${LONG_DAY}, \\d{2}-${MONTH}-\\d{2} ${TIME} GMT|${DAY} ${MONTH} [ \\d]\\d ${TIME} \\d{4})$`,
);

/**
 * The time of an HTTP-date in milliseconds, or null when the value is not one (Date.parse alone takes far
 * more, e.g. "1" is 2001). A two-digit RFC 850 year more than 50 years ahead is read as in the past (§5.6.7).
 */
export function parseHttpDate(value: string | undefined): number | null {
  if (value === undefined || !HTTP_DATE.test(value.trim())) return null;
  const text = value.trim();
  let time = Date.parse(/GMT$/.test(text) ? text : `${text} GMT`);
  if (!Number.isFinite(time)) return null;
  if (/-\d{2} /.test(text)) {
    const year = Number(/-(\d{2}) /.exec(text)![1]);
    const now = new Date();
    let full = Math.floor(now.getUTCFullYear() / 100) * 100 + year;
    if (full > now.getUTCFullYear() + 50) full -= 100;
    const d = new Date(time);
    d.setUTCFullYear(full);
    time = d.getTime();
  }
  return time;
}
