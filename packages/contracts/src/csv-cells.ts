/**
 * What every CSV the product writes does to a cell, on the server (GET /api/posts/export) and in the browser
 * (the analytics screen's Export CSV) alike.
 *
 * A spreadsheet runs a cell as a formula when its first character is `=`, `+`, `-` or `@`, and also when a tab
 * or a carriage return comes before one of those (OWASP's CSV injection list; ASVS 1.2.10 adds NUL). Such a text
 * cell gets a leading apostrophe, which spreadsheets show as text. Numbers are written as they are: `-3` is a
 * figure, not a formula.
 */
const FORMULA_START = /^[=+\-@\t\r\0]/;

export function defuseCsvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A cell is quoted (RFC 4180) when it holds a quote, a comma or a line break, and also a semicolon: spreadsheets
 * set to a locale whose separator is `;` would otherwise split it there and start a new cell mid-text, where the
 * rule above does not look.
 */
const NEEDS_QUOTES = /[",;\r\n]/;

/** One cell as written: text defused and quoted where needed; a number or an empty cell as it is. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = defuseCsvCell(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record: its cells joined by commas, ended by CRLF. */
export function csvRecord(values: readonly (string | number | null)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
