import { PLATFORMS, type PlatformKey } from '@fanout/contracts';

/** One line colour per platform, each at least 3:1 against white (WCAG non-text contrast). */
export const PLATFORM_COLORS: Record<PlatformKey, string> = {
  instagram: '#c13584',
  tiktok: '#0f766e',
  youtube: '#dc2626',
  facebook: '#1d4ed8',
  x: '#18181b',
  reddit: '#c2410c',
};

export const platformLabel = (platform: string) => PLATFORMS.find((p) => p.key === platform)?.label ?? platform;

export const METRICS = ['views', 'likes', 'comments', 'shares'] as const;
export type Metric = (typeof METRICS)[number];
export const METRIC_LABELS: Record<Metric, string> = {
  views: 'Views',
  likes: 'Likes',
  comments: 'Comments',
  shares: 'Shares',
};

const numbers = new Intl.NumberFormat('en-US');
export const formatCount = (n: number) => numbers.format(n);
