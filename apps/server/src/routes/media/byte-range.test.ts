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

  it('serves the whole file without a header', () => {
    expect(parseRange(undefined, 1000)).toEqual({ kind: 'whole' });
  });

  it.each(['bytes=1000-', 'bytes=5-2', 'bytes=-0', 'bytes=-', 'bytes=0-1,5-6', 'items=0-1', 'bytes=a-b', ''])(
    'cannot satisfy %j',
    (header) => {
      expect(parseRange(header, 1000)).toEqual({ kind: 'unsatisfiable' });
    },
  );
});
