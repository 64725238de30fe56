/** Display rules of spec section 9. Pure functions, one rule each. */

const STORAGE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;
const GiB = 1024 ** 3;

/** Bytes/KB/MB/GB in steps of 1024 with 2 decimals ('0 Bytes' for nothing). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), STORAGE_UNITS.length - 1);
  return `${(bytes / 1024 ** exponent).toFixed(2)} ${STORAGE_UNITS[exponent]}`;
}

/** The quota is always shown in GB. */
export function formatGigabytes(bytes: number): string {
  return `${(Math.max(0, bytes) / GiB).toFixed(2)} GB`;
}

/** 'X unit of Y GB used' */
export function formatStorageUsage(used: number, total: number): string {
  return `${formatBytes(used)} of ${formatGigabytes(total)} used`;
}

/** Share of the quota in use, in percent rounded to 2 decimals. */
export function storagePercent(used: number, total: number): number {
  if (total <= 0 || used <= 0) return 0;
  return Math.round((used / total) * 100 * 100) / 100;
}

/** Bar width in percent: at least 3 whenever anything is used, so a little use stays visible. */
export function storageBarWidth(used: number, total: number): number {
  if (used <= 0) return 0;
  return Math.min(100, Math.max(3, storagePercent(used, total)));
}

/** 1.2M, 3.4K, 999, or N/A for none. */
export function formatViews(views: number | null | undefined): string {
  if (!views || views <= 0) return 'N/A';
  if (views >= 1_000_000) return `${(views / 1_000_000).toFixed(1)}M`;
  if (views >= 1_000) return `${(views / 1_000).toFixed(1)}K`;
  return String(views);
}

const germanDate = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: 'short', year: 'numeric' });

const germanDateTime = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function formatWith(format: Intl.DateTimeFormat, value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format.format(date);
}

/** German date: 2-digit day, short month name, numeric year ('05. März 2024'). */
export function formatDate(value: string | number | Date): string {
  return formatWith(germanDate, value);
}

/** The German date with the local time ('05. März 2024, 14:30'). */
export function formatDateTime(value: string | number | Date): string {
  return formatWith(germanDateTime, value);
}

/** 'N videos' of the spec, with '1 video' for one. */
export function formatVideoCount(count: number): string {
  return count === 1 ? '1 video' : `${count} videos`;
}

/** Upload sizes are shown in MB with 2 decimals. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

export const UNKNOWN_DURATION = '0:00';

/** Seconds → 'm:ss' (minutes are not wrapped into hours). */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return UNKNOWN_DURATION;
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

/** The initial title of an upload: its file name without the extension. */
export function titleFromFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** First letter of each space-separated word, uppercased, the first two kept. */
export function projectInitials(name: string): string {
  return name
    .split(' ')
    .filter((word) => word.length > 0)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase()
    .slice(0, 2);
}

/** Tags are comma separated; each entry is trimmed and empty ones are dropped. */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

/** First letter of a username for the avatar. */
export function avatarLetter(username: string): string {
  return (Array.from(username.trim())[0] ?? '?').toUpperCase();
}
