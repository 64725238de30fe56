import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { parseCsv, type CsvLimits } from './parse-csv';

const limits = (maxRows = 10): CsvLimits => ({ maxRows, maxColumns: 200, maxRowBytes: 300_000 });

const refusal = async (text: string, maxRows = 10) => {
  try {
    await parseCsv(text, limits(maxRows));
  } catch (err) {
    return { code: (err as AppError).code, message: (err as AppError).message };
  }
  return { code: 'no error', message: '' };
};
const codeOf = async (text: string, maxRows = 10) => (await refusal(text, maxRows)).code;

describe('parseCsv', () => {
  it('reads a byte-order mark, CRLF, quoted commas, quotes and line breaks, and counts the lines of the file', async () => {
    const text = '\uFEFFVideo_ID, platforms ,caption\r\n1,x,"a, ""b"""\r\n2,tiktok,"two\r\nlines"\r\n\r\n3,x,last';
    const table = await parseCsv(text, limits());
    expect(table.columns).toEqual(['video_id', 'platforms', 'caption']);
    expect(table.rows).toEqual([
      { line: 2, cells: { video_id: '1', platforms: 'x', caption: 'a, "b"' }, cellCountError: undefined },
      { line: 3, cells: { video_id: '2', platforms: 'tiktok', caption: 'two\r\nlines' }, cellCountError: undefined },
      { line: 6, cells: { video_id: '3', platforms: 'x', caption: 'last' }, cellCountError: undefined },
    ]);
  });

  it('counts lines past empty ones, a byte-order mark and whitespace-only lines alike', async () => {
    const table = await parseCsv('\uFEFF\r\nvideo_id\r\n\r\n   \r\n\r\n1\r\n\r\n2', limits());
    expect(table.rows.map((r) => [r.line, r.cells.video_id])).toEqual([
      [6, '1'],
      [8, '2'],
    ]);
  });

  it('counts lines alike with LF endings, and with CR alone', async () => {
    expect((await parseCsv('video_id\n1\n\n"2\nb"\n3\n', limits())).rows.map((r) => r.line)).toEqual([2, 4, 6]);
    expect((await parseCsv('video_id\r1\r\r2', limits())).rows.map((r) => r.line)).toEqual([2, 4]);
  });

  it('marks a row whose cells do not match the header instead of failing the file', async () => {
    const table = await parseCsv('video_id,platforms\n1\n2,x,extra\n', limits());
    expect(table.rows.map((r) => r.cellCountError)).toEqual([
      'This row has 1 cells; the header has 2',
      'This row has 3 cells; the header has 2',
    ]);
  });

  it('refuses broken quoting, an empty file, a header alone, a repeated column and too many rows', async () => {
    expect(await codeOf('video_id,caption\n1,"open')).toBe('invalid_csv');
    expect(await codeOf('\n\n')).toBe('empty_csv');
    expect(await codeOf('video_id,platforms\r\n')).toBe('empty_csv');
    expect(await codeOf('caption,Caption\n1,2')).toBe('duplicate_column');
    expect(await codeOf('video_id\n1\n2\n3', 2)).toBe('too_many_rows');
    expect(await codeOf('video_id\n1\n\n \n2', 2)).toBe('no error');
  });

  it('refuses a header of 200,000 columns by the column cap, and finds a repeated one among 200', async () => {
    const header = Array.from({ length: 200_000 }, (_, i) => `c${i}`).join(',');
    expect(await refusal(`${header}\n1`)).toEqual({
      code: 'too_many_columns',
      message: 'Line 1 has more than 200 columns; a file may have at most 200',
    });
    // A row of nothing but commas is cells too, however short.
    expect(await refusal(`video_id\n1\n${','.repeat(5_000_000)}`)).toMatchObject({ code: 'too_many_columns' });
    const names = Array.from({ length: 199 }, (_, i) => `c${i}`);
    expect(await codeOf([...names, 'C7'].join(',') + '\n1')).toBe('duplicate_column');
  });

  it('refuses a row longer than 300 KB at that row, and takes a 70,000-character caption of 3-byte characters', async () => {
    const caption = '語'.repeat(70_000);
    const table = await parseCsv(`video_id,caption\n1,"${caption}"\n2,short`, limits());
    expect(table.rows.map((r) => [r.line, r.cells.caption!.length])).toEqual([
      [2, 70_000],
      [3, 5],
    ]);
    const long = `video_id,caption\n1,ok\n2,"${'x'.repeat(400_000)}"\n${'3,after\n'.repeat(1000)}`;
    expect(await refusal(long)).toEqual({
      code: 'row_too_long',
      message: 'Line 3 is longer than 300 KB; a row may be at most 300 KB (a caption at most 70,000 characters)',
    });
  });

  it('counts blank lines towards the work a file may ask for: a flood of them is refused as too many rows', async () => {
    expect(await refusal(`video_id\n${'\n'.repeat(5_000_000)}1`, 10_000)).toEqual({
      code: 'too_many_rows',
      message: 'The file has more than 20001 lines, blank ones included; import at most 10000 rows at once',
    });
  });

  it('lets the event loop turn while it reads a large file, so other requests are answered meanwhile', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => `${i + 1},x,${'caption '.repeat(120)}`);
    const text = ['video_id,platforms,caption', ...rows].join('\n');
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const table = await parseCsv(text, limits(10_000));
    ticking = false;
    expect(table.rows).toHaveLength(5_000);
    // About 4.8 MB read in 16 KB pieces: the loop turns between them rather than once the whole file is read.
    expect(turns).toBeGreaterThan(100);
  });
});
