import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { readCsvRecords, type CsvRecord } from './csv-records';

const limits = { maxColumns: 200, maxRowBytes: 300_000, maxRows: 10 };
const read = async (text: string) => {
  const records: CsvRecord[] = [];
  await readCsvRecords(text, limits, (record) => records.push(record));
  return records.map((r) => [r.line, ...r.cells]);
};
const refusal = async (text: string) =>
  readCsvRecords(text, limits, () => undefined).then(
    () => 'no error',
    (err: AppError) => `${err.code}: ${err.message}`,
  );

describe('readCsvRecords', () => {
  it('reads cells as RFC 4180 writes them', async () => {
    expect(await read('a,"b ""quoted"", c",,""\r\n"x\ny",z')).toEqual([
      [1, 'a', 'b "quoted", c', '', ''],
      [2, 'x\ny', 'z'],
    ]);
    expect(await read('\uFEFFa,b\n\n\r\nc,\r"d"')).toEqual([
      [1, 'a', 'b'],
      [4, 'c', ''],
      [5, 'd'],
    ]);
    // Spaces are part of a cell; a line of nothing is no record, a line of spaces is one.
    expect(await read(' a , b\n\n  \n')).toEqual([
      [1, ' a ', ' b'],
      [3, '  '],
    ]);
  });

  it('refuses quoting it cannot read, naming the line', async () => {
    expect(await refusal('a,b\n"open,c')).toBe(
      'invalid_csv: The file is not valid CSV: line 2: a quoted cell is not closed',
    );
    expect(await refusal('a\n"x"y')).toBe(
      'invalid_csv: The file is not valid CSV: line 2: a closing quote must end its cell (write a quote inside a quoted cell as "")',
    );
    expect(await refusal('a\nb"c')).toBe(
      'invalid_csv: The file is not valid CSV: line 2: a quote inside an unquoted cell (quote the whole cell)',
    );
  });
});
