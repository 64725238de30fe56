import { setImmediate as nextTurn } from 'node:timers/promises';
import { badRequest } from '../../http/errors';

export interface CsvLimits {
  /** Cells of any record, the header's included. */
  maxColumns: number;
  /** Bytes of any record as written in the file (UTF-8, quotes and all, its line ending aside). */
  maxRowBytes: number;
  /**
   * Rows besides the header. Blank lines are skipped, but reading them is work too: a file may have at most as
   * many of them as rows, so one of nothing but blank lines costs no more to refuse than a full one.
   */
  maxRows: number;
}

/** One record of the file: its cells, and the line it starts on (line breaks in quoted cells count, as an editor shows them). */
export interface CsvRecord {
  cells: string[];
  line: number;
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;
const BOM = 0xfeff;

/**
 * The event loop turns after every this many characters: a 10 MB file never holds the process for longer than
 * reading one piece takes (well under a millisecond), so other requests are answered meanwhile.
 */
const PIECE = 16 * 1024;

/** Bytes of a UTF-16 code unit in UTF-8: a surrogate is half of a 4-byte character. */
const utf8Bytes = (unit: number) => (unit < 0x80 ? 1 : unit < 0x800 ? 2 : unit >= 0xd800 && unit <= 0xdfff ? 2 : 3);

const invalid = (line: number, what: string) =>
  badRequest(`The file is not valid CSV: line ${line}: ${what}`, 'invalid_csv');

/**
 * RFC 4180 records of `text`, each handed to `onRecord` as it is read (which may throw to stop reading): a
 * byte-order mark, CRLF, LF or CR line endings, cells quoted with `"` holding commas, line breaks and `""` for a
 * quote. Lines with nothing on them are skipped.
 *
 * One pass, in linear time whatever the file's shape, refusing at the first character past a limit and naming
 * the line: a cell past `maxColumns` (400 `too_many_columns`), a row longer than `maxRowBytes` (400
 * `row_too_long`), more than twice `maxRows` lines (400 `too_many_rows`). csv-parse did this job before and was
 * dropped for it: it has no cap on a record's cells (a line of commas is millions of empty cells), its per-cell
 * hook costs microseconds a cell, and it makes an error object, stack trace and all, for every row whose cell
 * count differs from the header's.
 */
export async function readCsvRecords(
  text: string,
  limits: CsvLimits,
  onRecord: (record: CsvRecord) => void,
): Promise<void> {
  const { maxColumns, maxRowBytes, maxRows } = limits;
  const end = text.length;
  let at = text.charCodeAt(0) === BOM ? 1 : 0;
  let nextTurnAt = at + PIECE;
  let line = 1;
  let startLine = 1;
  let lines = 0;
  let cells: string[] = [];
  let cellStart = at;
  let recordStart = at;
  let bytes = 0;
  /** The current cell is quoted: where its closing quote is once found, and whether it holds `""`. */
  let quoted = false;
  let inQuotes = false;
  let closedAt = 0;
  let escapes = false;

  const endCell = (cellEnd: number) => {
    if (!quoted) cells.push(text.slice(cellStart, cellEnd));
    else {
      const inner = text.slice(cellStart + 1, closedAt);
      cells.push(escapes ? inner.replaceAll('""', '"') : inner);
    }
    quoted = false;
    escapes = false;
  };
  const endRecord = (recordEnd: number, next: number) => {
    if (++lines > 2 * maxRows + 1) {
      throw badRequest(
        `The file has more than ${2 * maxRows + 1} lines, blank ones included; import at most ${maxRows} rows at once`,
        'too_many_rows',
      );
    }
    if (recordEnd > recordStart) {
      endCell(recordEnd);
      onRecord({ cells, line: startLine });
    }
    cells = [];
    line++;
    startLine = line;
    cellStart = recordStart = next;
    bytes = 0;
  };

  while (at < end) {
    if (at >= nextTurnAt) {
      await nextTurn();
      nextTurnAt = at + PIECE;
    }
    const unit = text.charCodeAt(at);
    if (inQuotes) {
      if (unit === QUOTE) {
        if (text.charCodeAt(at + 1) === QUOTE) {
          escapes = true;
          at++;
          bytes++;
        } else {
          inQuotes = false;
          closedAt = at;
          const after = text.charCodeAt(at + 1);
          if (at + 1 < end && after !== COMMA && after !== CR && after !== LF) {
            throw invalid(line, 'a closing quote must end its cell (write a quote inside a quoted cell as "")');
          }
        }
      } else if (unit === LF) line++;
    } else if (unit === COMMA) {
      endCell(at);
      cellStart = at + 1;
      if (cells.length >= maxColumns) {
        throw badRequest(
          `Line ${startLine} has more than ${maxColumns} columns; a file may have at most ${maxColumns}`,
          'too_many_columns',
        );
      }
    } else if (unit === CR || unit === LF) {
      const next = unit === CR && text.charCodeAt(at + 1) === LF ? at + 2 : at + 1;
      endRecord(at, next);
      at = next;
      continue;
    } else if (unit === QUOTE) {
      if (at !== cellStart) throw invalid(line, 'a quote inside an unquoted cell (quote the whole cell)');
      quoted = inQuotes = true;
    }
    bytes += utf8Bytes(unit);
    if (bytes > maxRowBytes) {
      const kb = maxRowBytes / 1000;
      throw badRequest(
        `Line ${startLine} is longer than ${kb} KB; a row may be at most ${kb} KB (a caption at most 70,000 characters)`,
        'row_too_long',
      );
    }
    at++;
  }
  if (inQuotes) throw invalid(startLine, 'a quoted cell is not closed');
  if (end > recordStart) endRecord(end, end);
}
