import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse, type Parser } from 'csv-parse';
import { AppError, badRequest } from '../../http/errors';
import { CsvShape, type CsvShapeLimits } from './csv-shape';

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

export type CsvLimits = CsvShapeLimits;

/**
 * The text goes to the parser this many characters at a time, with a turn of the event loop between: a 10 MB
 * file never holds the process for longer than one piece takes, and other requests are answered meanwhile.
 */
const PIECE = 16 * 1024;

const tooManyRows = (max: number) =>
  badRequest(`The file has more than ${max} rows; import at most ${max} at once`, 'too_many_rows');

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
 * RFC 4180 text (a byte-order mark, CRLF or LF, quoted cells with commas, quotes and line breaks) into rows
 * keyed by the header's names (trimmed, then `nameOf`: lower case unless told). Blank lines are skipped; a
 * row's `line` counts the lines of the file, so a cell with a line break moves the rows after it down as an
 * editor shows them.
 *
 * Every limit is enforced as the text is read, at the record that breaks it (CsvShape: cells, bytes and lines;
 * here: rows past `maxRows` as they arrive), so a refusal costs at most what reading up to it costs and the work
 * is linear in the file's size whatever its shape.
 */
export async function parseCsv(
  text: string,
  limits: CsvLimits,
  nameOf: (header: string) => string = (header) => header.toLowerCase(),
): Promise<CsvTable> {
  const shape = new CsvShape(limits);
  const parser = parse({ bom: true, relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'] });
  const filled: { record: string[]; line: number }[] = [];
  let index = 0;
  parser.on('data', (record: string[]) => {
    const line = shape.recordLines[index++]!;
    if (!record.some((cell) => cell.trim() !== '')) return;
    // The header and maxRows rows: one more is refused here, before the rest of the file is read.
    if (filled.length > limits.maxRows) parser.destroy(tooManyRows(limits.maxRows));
    else filled.push({ record, line });
  });
  await feed(text, shape, parser).catch((err: unknown) => {
    if (err instanceof AppError) throw err;
    throw badRequest(`The file is not valid CSV: ${(err as Error).message}`, 'invalid_csv');
  });

  const [header, ...body] = filled;
  if (!header) throw badRequest('The file is empty: it needs a header row and at least one row', 'empty_csv');
  const columns = columnNames(header.record, nameOf);
  if (body.length === 0) throw badRequest('The file has a header row but no rows', 'empty_csv');
  const rows = body.map(({ record, line }): CsvRow => {
    const cells = Object.fromEntries(columns.map((name, i) => [name, record[i] ?? '']));
    const cellCountError =
      record.length === columns.length
        ? undefined
        : `This row has ${record.length} cells; the header has ${columns.length}`;
    return { line, cells, cellCountError };
  });
  return { columns, rows };
}

/**
 * Each piece is measured (CsvShape, which throws at a limit) before the parser reads it; rejects with the first
 * refusal or parser error.
 */
async function feed(text: string, shape: CsvShape, parser: Parser): Promise<void> {
  let failure: unknown;
  parser.on('error', (err) => (failure ??= err));
  const ended = new Promise<void>((resolve) => parser.on('end', resolve).on('close', resolve));
  try {
    for (let at = 0; at < text.length && failure === undefined;) {
      let to = Math.min(at + PIECE, text.length);
      // A piece never ends between the two halves of a character.
      if (to < text.length && /[\ud800-\udbff]/.test(text[to - 1]!)) to++;
      const piece = text.slice(at, to);
      shape.read(piece);
      parser.write(piece);
      at = to;
      await nextTurn();
    }
    if (failure === undefined) shape.end();
  } catch (err) {
    failure ??= err;
  }
  if (failure === undefined) parser.end();
  else parser.destroy();
  await ended;
  if (failure !== undefined) throw failure;
}
