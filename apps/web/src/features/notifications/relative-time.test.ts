import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('formatRelativeTime', () => {
  it('says how long ago, in the largest whole unit up to days', () => {
    expect(formatRelativeTime(ago(20_000), now)).toBe('just now');
    expect(formatRelativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * 60_000 + 59_000), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(26 * 3_600_000), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(4 * 86_400_000), now)).toBe('4 days ago');
  });

  it('gives the date itself past a week, and nothing for a broken time', () => {
    expect(formatRelativeTime(ago(9 * 86_400_000), now)).toMatch(/01\. März 2026/);
    expect(formatRelativeTime('not a time', now)).toBe('');
  });

  it('treats a time slightly ahead of this clock as just now', () => {
    expect(formatRelativeTime(new Date(now + 5_000).toISOString(), now)).toBe('just now');
  });
});
