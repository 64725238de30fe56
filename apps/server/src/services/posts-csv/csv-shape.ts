import { badRequest } from '../../http/errors';

export interface CsvShapeLimits {
  /** Cells of any record, the header's included. */
  maxColumns: number;
  /** Bytes of any record as written in the file (UTF-8, quotes and all, its line ending aside). */
  maxRowBytes: number;
  /**
   * Rows besides the header. Blank lines are skipped later, but they are records to read too: a file may have
   * at most as many of them as rows, so one of nothing but blank lines costs no more to refuse than a full one.
   */
  maxRows: number;
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/** Bytes of a UTF-16 code unit in UTF-8: a surrogate is half of a 4-byte character. */
const utf8Bytes = (unit: number) => (unit < 0x80 ? 1 : unit < 0x800 ? 2 : unit >= 0xd800 && unit <= 0xdfff ? 2 : 3);

/**
 * The shape of a CSV text, read piece by piece in one linear pass ahead of the parser: where each record
 * starts (`recordLines`, the line of the file, counting the line breaks inside quoted cells as an editor shows
 * them), and a refusal at the first record past a limit, naming its line: 400 `too_many_columns`,
 * `row_too_long` or `too_many_rows`.
 *
 * csv-parse has no cap on the cells of a record (an unquoted line of commas is 10 million empty cells, and its
 * per-cell hook costs microseconds a cell), and a file of blank lines would have it make a record per line: this
 * pass bounds both, so the parser behind it never does more than the limits allow. It splits records where the
 * parser is told to (CRLF, LF or CR outside quotes) and toggles on every quote, which matches the parser on any
 * text the parser accepts; where they differ the parser refuses the text itself.
 */
export class CsvShape {
  readonly recordLines: number[] = [];
  private inQuotes = false;
  private afterCr = false;
  private cells = 1;
  private bytes = 0;
  private startLine = 1;
  private line = 1;
  private empty = true;

  constructor(private readonly limits: CsvShapeLimits) {}

  read(piece: string): void {
    for (let at = 0; at < piece.length; at++) {
      const unit = piece.charCodeAt(at);
      if (this.afterCr) {
        this.afterCr = false;
        this.endRecord();
        if (unit === LF) continue;
      }
      if (unit === QUOTE) this.inQuotes = !this.inQuotes;
      else if (unit === LF || unit === CR) {
        if (!this.inQuotes) {
          if (unit === CR) this.afterCr = true;
          else this.endRecord();
          continue;
        }
        if (unit === LF) this.line++;
      } else if (unit === COMMA && !this.inQuotes && ++this.cells > this.limits.maxColumns) {
        throw badRequest(
          `Line ${this.startLine} has more than ${this.limits.maxColumns} columns; a file may have at most ${this.limits.maxColumns}`,
          'too_many_columns',
        );
      }
      this.empty = false;
      this.bytes += utf8Bytes(unit);
      if (this.bytes > this.limits.maxRowBytes) {
        const kb = this.limits.maxRowBytes / 1000;
        throw badRequest(
          `Line ${this.startLine} is longer than ${kb} KB; a row may be at most ${kb} KB (a caption at most 70,000 characters)`,
          'row_too_long',
        );
      }
    }
  }

  /** The end of the text: a last record without a line ending still counts. */
  end(): void {
    if (this.afterCr || !this.empty) this.endRecord();
  }

  private endRecord() {
    const { maxRows } = this.limits;
    if (this.recordLines.length > 2 * maxRows) {
      throw badRequest(
        `The file has more than ${2 * maxRows + 1} lines, blank ones included; import at most ${maxRows} rows at once`,
        'too_many_rows',
      );
    }
    this.recordLines.push(this.startLine);
    this.line++;
    this.startLine = this.line;
    this.cells = 1;
    this.bytes = 0;
    this.empty = true;
  }
}
