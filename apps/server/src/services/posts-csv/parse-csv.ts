import { parse } from 'csv-parse/sync';
import { badRequest } from '../../http/errors';

/** One data row of a CSV file: its cells by column name, and the line of the file it starts on. */
export interface CsvRow {
  line: number;
  cells: Record<string, string>;
  /** Set when the row has more or fewer cells than the header. */
  cellCountError?: string;
}

export interface CsvTable {
  columns: string[];
  rows: CsvRow[];
}

const lineBreaks = (text: string) => (text.match(/\n/g) ?? []).length;

/**
 * RFC 4180 text (a byte-order mark, CRLF or LF, quoted cells with commas, quotes and line breaks) into rows
 * keyed by the header's names (trimmed, then `nameOf`: lower case unless told). Blank lines are skipped; a row's `line` counts the lines of
 * the file, so a cell with a line break moves the rows after it down as an editor shows them.
 */
export function parseCsv(
  text: string,
  maxRows: number,
  nameOf: (header: string) => string = (header) => header.toLowerCase(),
): CsvTable {
  let records: { record: string[]; raw: string }[];
  try {
    records = parse(text, { bom: true, raw: true, relax_column_count: true }) as unknown as typeof records;
  } catch (err) {
    throw badRequest(`The file is not valid CSV: ${(err as Error).message}`, 'invalid_csv');
  }
  let line = 1;
  const located = records.map((r) => {
    const at = line;
    // `raw` may or may not carry the record's own line ending: only the breaks inside the record count.
    line += lineBreaks(r.raw.replace(/[\r\n]+$/, '')) + 1;
    return { ...r, line: at };
  });
  const filled = located.filter((r) => r.record.some((cell) => cell.trim() !== ''));
  const [header, ...body] = filled;
  if (!header) throw badRequest('The file is empty: it needs a header row and at least one row', 'empty_csv');
  const columns = header.record.map((name) => nameOf(name.trim()));
  const repeated = columns.filter((name, i) => columns.indexOf(name) !== i);
  if (repeated.length > 0) throw badRequest(`The header names ${repeated[0]} twice`, 'duplicate_column');
  if (body.length === 0) throw badRequest('The file has a header row but no rows', 'empty_csv');
  if (body.length > maxRows) {
    throw badRequest(`The file has ${body.length} rows; at most ${maxRows} at once`, 'too_many_rows');
  }
  const rows = body.map(({ record, line: at }): CsvRow => {
    const cells = Object.fromEntries(columns.map((name, i) => [name, record[i] ?? '']));
    const cellCountError =
      record.length === columns.length
        ? undefined
        : `This row has ${record.length} cells; the header has ${columns.length}`;
    return { line: at, cells, cellCountError };
  });
  return { columns, rows };
}
