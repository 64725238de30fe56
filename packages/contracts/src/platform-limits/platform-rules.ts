import type { PlatformKey } from '../platforms';
import { FACEBOOK_RULES, type FacebookOptions } from './facebook.rules';
import { INSTAGRAM_RULES, type InstagramOptions } from './instagram.rules';
import { REDDIT_RULES, type RedditOptions } from './reddit.rules';
import { countingUnit, COUNTING_NOTE } from './text-checks';
import { countText } from './text-count';
import { TIKTOK_RULES, type TikTokOptions } from './tiktok.rules';
import type { PlatformLimits, PlatformRules } from './types';
import { X_RULES, type XOptions } from './x.rules';
import { YOUTUBE_RULES, type YouTubeOptions } from './youtube.rules';

/** Each platform's options, by the names other tools use. */
export interface PlatformOptions {
  tiktok: TikTokOptions;
  youtube: YouTubeOptions;
  instagram: InstagramOptions;
  facebook: FacebookOptions;
  x: XOptions;
  reddit: RedditOptions;
}

export const PLATFORM_RULES: { readonly [K in PlatformKey]: PlatformRules<PlatformOptions[K]> } = {
  instagram: INSTAGRAM_RULES,
  tiktok: TIKTOK_RULES,
  youtube: YOUTUBE_RULES,
  facebook: FACEBOOK_RULES,
  x: X_RULES,
  reddit: REDDIT_RULES,
};

const byPlatform = <T>(pick: (rules: PlatformRules<object>) => T) =>
  Object.fromEntries(Object.entries(PLATFORM_RULES).map(([key, rules]) => [key, pick(rules)])) as Record<
    PlatformKey,
    T
  >;

export const PLATFORM_LIMITS: Readonly<Record<PlatformKey, PlatformLimits>> = byPlatform((r) => r.limits);

export const PLATFORM_OPTIONS = byPlatform((r) => r.options) as {
  readonly [K in PlatformKey]: PlatformRules<PlatformOptions[K]>['options'];
};

/** The most the caption may count on each platform, in CAPTION_UNIT, counted by countCaption. */
export const CAPTION_LIMIT: Readonly<Record<PlatformKey, number>> = byPlatform((r) => r.limits.caption.max);

/** What the caption becomes on each platform, for a field label: 'Caption', 'Description', 'Post title'. */
export const CAPTION_LABEL: Readonly<Record<PlatformKey, string>> = byPlatform((r) => {
  const label = r.limits.caption.label;
  return label.charAt(0).toUpperCase() + label.slice(1);
});

export const CAPTION_UNIT: Readonly<Record<PlatformKey, 'characters' | 'bytes'>> = byPlatform((r) =>
  countingUnit(r.limits.caption.counting),
);

/** How the platform's count differs from a plain one ('URLs count as 23, …'); null when it does not. */
export const CAPTION_COUNTING_NOTE: Readonly<Record<PlatformKey, string | null>> = byPlatform(
  (r) => COUNTING_NOTE[r.limits.caption.counting],
);

/** The caption's length as the platform counts it (X weighted, YouTube in bytes, TikTok in UTF-16 units…). */
export function countCaption(platform: PlatformKey, text: string): number {
  return countText(PLATFORM_LIMITS[platform].caption.counting, text);
}
