import { describe, expect, it } from 'vitest';
import { parseHttpDate } from './http-date';

const NOV_6_1994 = Date.UTC(1994, 10, 6, 8, 49, 37);

describe('parseHttpDate', () => {
  it("reads HTTP's three date forms (RFC 9110 §5.6.7)", () => {
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(NOV_6_1994);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT')).toBe(NOV_6_1994);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(NOV_6_1994);
  });

  it('reads a two-digit year more than 50 years ahead as in the past', () => {
    const year = new Date().getUTCFullYear();
    const ahead = (year + 60) % 100;
    const parsed = new Date(parseHttpDate(`Monday, 01-Jan-${String(ahead).padStart(2, '0')} 00:00:00 GMT`)!);
    expect(parsed.getUTCFullYear()).toBe(year + 60 - 100);
  });

  it.each(['', '1', '2020-01-01', 'yesterday', 'Sun, 06 Nov 1994 08:49:37 PST', 'Sun, 06 Nov 1994', '"etag"'])(
    'is null for %j, which is no HTTP-date',
    (value) => {
      expect(parseHttpDate(value)).toBeNull();
    },
  );

  it('is null without a value', () => {
    expect(parseHttpDate(undefined)).toBeNull();
  });
});
