/** How the rules' messages write numbers, durations, sizes and media types for people. */

// One formatter, made once: toLocaleString with options builds a new one per call (tens of microseconds each,
// and every post checked calls it: a 10,000-row CSV import spent most of its checking time here).
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export const number = (n: number): string => NUMBER.format(n);

const plural = (n: number, unit: string) => `${number(n)} ${unit}${n === 1 ? '' : 's'}`;

/** A limit: '90 seconds', '10 minutes', '12 hours', '2 minutes 30 seconds'. */
export function durationLimit(seconds: number): string {
  if (seconds < 120) return plural(seconds, 'second');
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute');
  return `${plural(Math.floor(seconds / 60), 'minute')} ${plural(seconds % 60, 'second')}`;
}

/**
 * A video's length: '2.5 seconds' under two minutes (to the hundredth), else 'm:ss' or 'h:mm:ss'. `limit`: the
 * bound it is compared with; the rounding never lands on the bound's side (600.2 s over 10 minutes reads 10:01,
 * 2.999 s under 3 seconds reads 2.99 seconds).
 */
export function durationOf(seconds: number, limit?: number): string {
  const unit = seconds < 120 ? 0.01 : 1;
  let shown = Math.round(seconds / unit) * unit;
  if (limit !== undefined && seconds > limit && shown <= limit) shown = Math.ceil(seconds / unit) * unit;
  if (limit !== undefined && seconds < limit && shown >= limit) shown = Math.floor(seconds / unit) * unit;
  if (seconds < 120) return plural(Math.round(shown * 100) / 100, 'second');
  const h = Math.floor(shown / 3600);
  const m = Math.floor((shown % 3600) / 60);
  const s = String(shown % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** Binary units written KB/MB/GB, as the library shows sizes: '300 MB', '4 GB', '512 bytes'. */
export function bytes(n: number): string {
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? plural(n, 'byte') : `${number(Math.round(value * 100) / 100)} ${UNITS[unit]}`;
}

/** A ratio as people write it: '16:9' → 1.78:1, '9:16' → 1:1.78. */
export function ratio(width: number, height: number): string {
  const r = (a: number, b: number) => number(Math.round((a / b) * 100) / 100);
  return width >= height ? `${r(width, height)}:1` : `1:${r(height, width)}`;
}

const CONTAINER_NAMES: Readonly<Record<string, string>> = {
  'video/mp4': 'MP4',
  'video/x-m4v': 'M4V',
  'video/quicktime': 'MOV',
  'video/webm': 'WebM',
  'video/mp2t': 'MPEG-TS',
  'video/3gpp': '3GP',
  'video/x-matroska': 'MKV',
  'video/x-msvideo': 'AVI',
  'video/mpeg': 'MPEG',
  'video/x-flv': 'FLV',
  'video/ogg': 'Ogg',
  'video/x-ms-wmv': 'WMV',
};

const CODEC_NAMES: Readonly<Record<string, string>> = {
  h264: 'H.264',
  hevc: 'HEVC (H.265)',
  vp8: 'VP8',
  vp9: 'VP9',
  av1: 'AV1',
  mpeg4: 'MPEG-4 Part 2',
  prores: 'ProRes',
  aac: 'AAC',
  mp3: 'MP3',
  opus: 'Opus',
  vorbis: 'Vorbis',
  ac3: 'AC-3',
  flac: 'FLAC',
};

export const containerName = (mime: string): string => CONTAINER_NAMES[mime] ?? mime;
export const codecName = (codec: string): string => CODEC_NAMES[codec] ?? codec;

/** 'A, B or C', without repeats. */
export function oneOf(items: readonly string[]): string {
  const unique = [...new Set(items)];
  return unique.length <= 1 ? (unique[0] ?? '') : `${unique.slice(0, -1).join(', ')} or ${unique.at(-1)}`;
}

/** 'a caption', 'an Instagram caption'. */
export const article = (word: string): string => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
