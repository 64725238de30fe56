import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { parseCsv } from './parse-csv';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as AppError).code;
  }
  return 'no error';
};

describe('parseCsv', () => {
  it('reads a byte-order mark, CRLF, quoted commas, quotes and line breaks, and counts the lines of the file', () => {
    const text = '\uFEFFVideo_ID, platforms ,caption\r\n1,x,"a, ""b"""\r\n2,tiktok,"two\r\nlines"\r\n\r\n3,x,last';
    const table = parseCsv(text, 10);
    expect(table.columns).toEqual(['video_id', 'platforms', 'caption']);
    expect(table.rows).toEqual([
      { line: 2, cells: { video_id: '1', platforms: 'x', caption: 'a, "b"' }, cellCountError: undefined },
      { line: 3, cells: { video_id: '2', platforms: 'tiktok', caption: 'two\r\nlines' }, cellCountError: undefined },
      { line: 6, cells: { video_id: '3', platforms: 'x', caption: 'last' }, cellCountError: undefined },
    ]);
  });

  it('counts lines alike with LF endings', () => {
    const table = parseCsv('video_id\n1\n\n"2\nb"\n3\n', 10);
    expect(table.rows.map((r) => r.line)).toEqual([2, 4, 6]);
  });

  it('marks a row whose cells do not match the header instead of failing the file', () => {
    const table = parseCsv('video_id,platforms\n1\n2,x,extra\n', 10);
    expect(table.rows.map((r) => r.cellCountError)).toEqual([
      'This row has 1 cells; the header has 2',
      'This row has 3 cells; the header has 2',
    ]);
  });

  it('refuses broken quoting, an empty file, a header alone, a repeated column and too many rows', () => {
    expect(codeOf(() => parseCsv('video_id,caption\n1,"open', 10))).toBe('invalid_csv');
    expect(codeOf(() => parseCsv('\n\n', 10))).toBe('empty_csv');
    expect(codeOf(() => parseCsv('video_id,platforms\r\n', 10))).toBe('empty_csv');
    expect(codeOf(() => parseCsv('caption,Caption\n1,2', 10))).toBe('duplicate_column');
    expect(codeOf(() => parseCsv('video_id\n1\n2\n3', 2))).toBe('too_many_rows');
  });
});
