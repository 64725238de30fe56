import { describe, expect, it } from 'vitest';
import { csvCell, csvRecord, defuseCsvCell } from './csv-cells';

describe('CSV cells', () => {
  it.each(['=HYPERLINK("http://x")', '+1', '-1+2', '@SUM(A1)', '\t=1+2', '\r=1+2', '\0=1'])(
    'defuses a text cell starting with a formula character: %j',
    (value) => {
      expect(defuseCsvCell(value)).toBe(`'${value}`);
    },
  );

  it('leaves other text and numbers alone', () => {
    expect(defuseCsvCell('Harbour at dawn')).toBe('Harbour at dawn');
    expect(defuseCsvCell(' =not first')).toBe(' =not first');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });

  it('quotes quotes, commas, semicolons and line breaks, after defusing', () => {
    expect(csvCell('Harbour, "at dawn"')).toBe('"Harbour, ""at dawn"""');
    expect(csvCell('a;=cmd()')).toBe('"a;=cmd()"');
    expect(csvCell('\r=cmd()')).toBe(`"'\r=cmd()"`);
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvRecord(['x', 1, null])).toBe('x,1,\r\n');
  });
});
