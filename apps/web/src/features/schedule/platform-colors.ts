import type { PlatformKey } from '@fanout/contracts';

/** Each platform's colour on the calendar: a strip on the left of its posts (the text stays dark on white). */
export const PLATFORM_ACCENTS: Readonly<Record<PlatformKey, string>> = {
  tiktok: '#18181b',
  youtube: '#dc2626',
  instagram: '#db2777',
  facebook: '#2563eb',
  x: '#52525b',
  reddit: '#ea580c',
};
