import { badRequest } from '../../http/errors';
import { readCsvRecords, type CsvLimits } from './csv-records';

export type { CsvLimits };

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

/** The header's names, refusing a name given twice (with a Set: linear however many columns there are). */
function columnNames(header: readonly string[], nameOf: (header: string) => string): string[] {
  const columns = header.map((name) => nameOf(name.trim()));
  const seen = new Set<string>();
  for (const name of columns) {
    if (seen.has(name)) throw badRequest(`The header names ${name} twice`, 'duplicate_column');
    seen.add(name);
  }
  return columns;
}

/**
 * A CSV file (csv-records.ts: RFC 4180, every limit refused as it is read) into rows keyed by the header's names
 * (trimmed, then `nameOf`: lower case unless told). Blank rows are skipped; a row's `line` counts the lines of the
 * file, so a cell with a line break moves the rows after it down as an editor shows them. The row cap is counted
 * as rows arrive: the row past it stops the reading.
 */
export async function parseCsv(
  text: string,
  limits: CsvLimits,
  nameOf: (header: string) => string = (header) => header.toLowerCase(),
): Promise<CsvTable> {
  const filled: { cells: string[]; line: number }[] = [];
  await readCsvRecords(text, limits, (record) => {
    if (!record.cells.some((cell) => cell.trim() !== '')) return;
    // The header and maxRows rows: one more is refused here, before the rest of the file is read.
    if (filled.length > limits.maxRows) {
      throw badRequest(
        `The file has more than ${limits.maxRows} rows; import at most ${limits.maxRows} at once`,
        'too_many_rows',
      );
    }
    filled.push(record);
  });

  const [header, ...body] = filled;
  if (!header) throw badRequest('The file is empty: it needs a header row and at least one row', 'empty_csv');
  const columns = columnNames(header.cells, nameOf);
  if (body.length === 0) throw badRequest('The file has a header row but no rows', 'empty_csv');
  const rows = body.map(({ cells: record, line }): CsvRow => {
    const cells = Object.fromEntries(columns.map((name, i) => [name, record[i] ?? '']));
    const cellCountError =
      record.length === columns.length
        ? undefined
        : `This row has ${record.length} cells; the header has ${columns.length}`;
    return { line, cells, cellCountError };
  });
  return { columns, rows };
}
