import type { Bounds, TextLimits } from './types';

/** Binary units, as the library shows sizes: a "300 MB" limit is 300 × 1024² bytes. */
export const KB = 1024;
export const MB = 1024 ** 2;
export const GB = 1024 ** 3;

export const ANY: Bounds = { min: null, max: null };
export const bounds = (min: number | null, max: number | null): Bounds => ({ min, max });

/** M4V is MP4 with Apple's brand: the same bytes, declared as video/mp4 to the platform. */
export const MP4 = ['video/mp4', 'video/x-m4v'] as const;
export const MOV = 'video/quicktime';
export const WEBM = 'video/webm';

export const NO_TEXT_RULES = { required: false, forbidden: [], hashtagsMax: null, mentionsMax: null } as const;

export function text(label: string, max: number, counting: TextLimits['counting'], more: Partial<TextLimits> = {}) {
  return { ...NO_TEXT_RULES, label, max, counting, ...more } satisfies TextLimits;
}
