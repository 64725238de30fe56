import type { ByteRange } from '../../storage/storage';

export type RangeAnswer = { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * One `bytes=` range of a file of `size` bytes (RFC 9110 §14.1.2): `a-b`, `a-` or the suffix `-n`.
 * No header means the whole file; anything we cannot serve as one range is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: 'unsatisfiable' };
  const [, first = '', last = ''] = match;
  if (!first && !last) return { kind: 'unsatisfiable' };
  if (!first) {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last ? Math.min(Number(last), size - 1) : size - 1;
  if (start >= size || (last && Number(last) < start)) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end } };
}
