import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range';

describe('parseRange', () => {
  it('reads first-last, open-ended and suffix ranges', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ kind: 'partial', range: { start: 0, end: 99 } });
    expect(parseRange('bytes=900-', 1000)).toEqual({ kind: 'partial', range: { start: 900, end: 999 } });
    expect(parseRange('bytes=-100', 1000)).toEqual({ kind: 'partial', range: { start: 900, end: 999 } });
  });

  it('clips a range that runs past the end, and a suffix longer than the file', () => {
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ kind: 'partial', range: { start: 990, end: 999 } });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ kind: 'partial', range: { start: 0, end: 999 } });
  });

  it('reads the unit whatever its case', () => {
    expect(parseRange('BYTES=0-1', 1000)).toEqual({ kind: 'partial', range: { start: 0, end: 1 } });
    expect(parseRange('Bytes=-10', 1000)).toEqual({ kind: 'partial', range: { start: 990, end: 999 } });
  });

  it('serves the whole file without a header', () => {
    expect(parseRange(undefined, 1000)).toEqual({ kind: 'whole' });
  });

  // RFC 9110 §14.2: an unknown unit is ignored; several ranges and invalid ones may be.
  it.each([
    'items=0-1',
    'bytes=0-0,5-10',
    'bytes=0-1, 5-6',
    'bytes=a-b',
    'bytes=-',
    'bytes=5-2',
    'bytes=1.5-',
    'bytes 0-1',
    'bytes=',
    '',
  ])('ignores %j and serves the whole file', (header) => {
    expect(parseRange(header, 1000)).toEqual({ kind: 'whole' });
  });

  it.each(['bytes=1000-', 'bytes=999999999-', 'bytes=1000-2000', 'bytes=-0'])('cannot satisfy %j', (header) => {
    expect(parseRange(header, 1000)).toEqual({ kind: 'unsatisfiable' });
  });

  it('cannot satisfy any range of an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-5', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
