import type { ByteRange } from '../../storage/storage';

export type RangeAnswer = { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

const WHOLE: RangeAnswer = { kind: 'whole' };
const UNSATISFIABLE: RangeAnswer = { kind: 'unsatisfiable' };

/**
 * One `bytes=` range of a file of `size` bytes (RFC 9110 §14.1.2): `a-b`, `a-` or the suffix `-n`; the
 * unit is case-insensitive. No header means the whole file. So does a Range we do not serve: another
 * unit (which §14.2 says to ignore), several ranges, or a malformed or invalid one (which it lets a
 * server ignore). Only a well-formed range outside the file is unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return WHOLE;
  const match = /^bytes=(\d*)-(\d*)$/i.exec(header.trim());
  if (!match) return WHOLE;
  const [, first = '', last = ''] = match;
  if (!first && !last) return WHOLE;
  if (!first) {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return UNSATISFIABLE;
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  // last-pos before first-pos makes the range invalid (§14.1.1), not out of the file.
  if (last && Number(last) < start) return WHOLE;
  if (start >= size) return UNSATISFIABLE;
  const end = last ? Math.min(Number(last), size - 1) : size - 1;
  return { kind: 'partial', range: { start, end } };
}
