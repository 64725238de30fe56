import { describe, expect, it } from 'vitest';
import {
  avatarLetter,
  formatBytes,
  formatDate,
  formatDateTime,
  formatDuration,
  formatGigabytes,
  formatMegabytes,
  formatStorageUsage,
  formatViews,
  projectInitials,
  splitTags,
  storageBarWidth,
  storagePercent,
  titleFromFileName,
} from './format';

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

describe('storage display', () => {
  it('uses Bytes, KB, MB and GB in steps of 1024 with 2 decimals', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(512)).toBe('512.00 Bytes');
    expect(formatBytes(1023)).toBe('1023.00 Bytes');
    expect(formatBytes(KB)).toBe('1.00 KB');
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(12.345 * MB)).toBe('12.35 MB');
    expect(formatBytes(3 * GB)).toBe('3.00 GB');
  });

  it('stays in GB above a terabyte, since GB is the largest unit', () => {
    expect(formatBytes(2048 * GB)).toBe('2048.00 GB');
  });

  it('always shows the total in GB', () => {
    expect(formatGigabytes(10 * GB)).toBe('10.00 GB');
    expect(formatGigabytes(512 * MB)).toBe('0.50 GB');
    expect(formatStorageUsage(222 * KB, 10 * GB)).toBe('222.00 KB of 10.00 GB used');
  });

  it('rounds the percentage to 2 decimals', () => {
    expect(storagePercent(1, 3)).toBe(33.33);
    expect(storagePercent(2, 3)).toBe(66.67);
    expect(storagePercent(0, 10)).toBe(0);
    expect(storagePercent(5, 0)).toBe(0);
  });

  it('draws the bar at least 3% wide whenever something is used, and never past 100%', () => {
    expect(storageBarWidth(0, GB)).toBe(0);
    expect(storageBarWidth(1, GB)).toBe(3);
    expect(storageBarWidth(GB / 2, GB)).toBe(50);
    expect(storageBarWidth(2 * GB, GB)).toBe(100);
  });
});

describe('views display', () => {
  it('shows millions and thousands with one decimal', () => {
    expect(formatViews(1_000_000)).toBe('1.0M');
    expect(formatViews(2_345_678)).toBe('2.3M');
    expect(formatViews(1_000)).toBe('1.0K');
    expect(formatViews(15_250)).toBe('15.3K');
    expect(formatViews(999_999)).toBe('1000.0K');
  });

  it('shows small counts as they are and nothing as N/A', () => {
    expect(formatViews(999)).toBe('999');
    expect(formatViews(1)).toBe('1');
    expect(formatViews(0)).toBe('N/A');
    expect(formatViews(undefined)).toBe('N/A');
    expect(formatViews(null)).toBe('N/A');
  });
});

describe('dates', () => {
  it('uses the German locale: 2-digit day, short month, numeric year', () => {
    expect(formatDate(new Date(2024, 2, 5))).toBe('05. März 2024');
    expect(formatDate(new Date(2025, 0, 9))).toBe('09. Jan. 2025');
    expect(formatDate('2026-11-22T12:00:00Z')).toMatch(/^2\d\. Nov\. 2026$/);
  });

  it('adds the local time in 24-hour form where a moment matters', () => {
    expect(formatDateTime(new Date(2024, 2, 5, 14, 7))).toBe('05. März 2024, 14:07');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('uploads', () => {
  it('shows sizes in MB with 2 decimals', () => {
    expect(formatMegabytes(66_150)).toBe('0.06 MB');
    expect(formatMegabytes(12.34 * MB)).toBe('12.34 MB');
  });

  it("writes durations as 'm:ss' with '0:00' for unknown", () => {
    expect(formatDuration(4)).toBe('0:04');
    expect(formatDuration(65.4)).toBe('1:05');
    expect(formatDuration(3725)).toBe('62:05');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });

  it('titles an upload with its file name without the extension', () => {
    expect(titleFromFileName('Sunset over Lisbon.mp4')).toBe('Sunset over Lisbon');
    expect(titleFromFileName('clip.final.mov')).toBe('clip.final');
    expect(titleFromFileName('no-extension')).toBe('no-extension');
    expect(titleFromFileName('.hidden')).toBe('.hidden');
  });
});

describe('project initials', () => {
  it('takes the first letter of each space-separated word, uppercased, keeping two', () => {
    expect(projectInitials('travel diaries')).toBe('TD');
    expect(projectInitials('My big summer project')).toBe('MB');
    expect(projectInitials('kitchen')).toBe('K');
    expect(projectInitials('  spaced   out  ')).toBe('SO');
    expect(projectInitials('über alles')).toBe('ÜA');
  });
});

describe('tags', () => {
  it('splits on commas, trims each entry and drops empty ones', () => {
    expect(splitTags('travel, vlog ,summer')).toEqual(['travel', 'vlog', 'summer']);
    expect(splitTags(' , a,, b ,')).toEqual(['a', 'b']);
    expect(splitTags('')).toEqual([]);
    expect(splitTags('two words, one')).toEqual(['two words', 'one']);
  });
});

describe('avatar', () => {
  it('shows the first letter of the username', () => {
    expect(avatarLetter('mia.creates')).toBe('M');
    expect(avatarLetter('Guest')).toBe('G');
  });
});
