import type { PlatformKey } from '@fanout/contracts';
import type { AppCheck } from './app-check';
import { checkFacebookApp } from './facebook.app-check';
import { checkInstagramApp } from './instagram.app-check';
import { checkRedditApp } from './reddit.app-check';
import { checkTikTokApp } from './tiktok.app-check';
import { checkXApp } from './x.app-check';
import { checkYouTubeApp } from './youtube.app-check';

export type { AppCheckOutcome, AppCheckResult } from './app-check';

/** Each platform's harmless call that tells whether it accepts an app's id and secret (docs/going-live.md). */
export const APP_CHECKS: Record<PlatformKey, AppCheck> = {
  instagram: checkInstagramApp,
  tiktok: checkTikTokApp,
  youtube: checkYouTubeApp,
  facebook: checkFacebookApp,
  x: checkXApp,
  reddit: checkRedditApp,
};
