import { z } from 'zod';
import { ANY, bounds, GB, KB, MP4, text } from './table-parts';
import type { PlatformLimits, PlatformRules, VideoLimits } from './types';

/** Reels: the reference (§3), from the Reels Publishing API's video specifications. */
const REEL: VideoLimits = {
  name: 'Facebook Reels',
  durationSeconds: bounds(3, 90),
  sizeBytes: ANY,
  // 1080×1920 recommended, 540×960 the least.
  width: bounds(540, null),
  height: bounds(960, null),
  aspect: { min: 9 / 16, max: 9 / 16, label: 'of 9:16 (portrait)' },
  fps: bounds(24, 60),
  mimeTypes: [...MP4],
  videoCodecs: null,
  audioCodecs: null,
};

export const FACEBOOK_LIMITS: PlatformLimits = {
  platform: 'facebook',
  name: 'Facebook',
  // A Page video: the reference gives only its size (≥ 1 KB; > 2 GB is error subcode 1363023).
  video: {
    name: 'Facebook',
    durationSeconds: ANY,
    sizeBytes: bounds(KB, 2 * GB),
    width: ANY,
    height: ANY,
    aspect: null,
    fps: ANY,
    mimeTypes: null,
    videoCodecs: null,
    audioCodecs: null,
  },
  otherVideo: { reel: REEL },
  // The description's limit is a third-party figure (Facebook posts: 63,206 characters); not in the reference.
  caption: text('description', 63_206, 'codePoints'),
  title: null,
  tagsMaxTotal: null,
  dailyCaps: [{ limit: 30, windowHours: 24, of: 'Reels published through the API per Page' }],
};

export const FACEBOOK_KINDS = ['reel', 'video'] as const;

/** `kind` defaults to a Page video, the kind with the fewest limits. */
/**
 * `title`: the video's title on Facebook in place of the video's own (`title` on POST /{page-id}/videos and on
 * /video_reels in the Graph API's Page reference; no length documented). The description is the post's caption.
 */
export const FacebookOptions = z.strictObject({
  kind: z.enum(FACEBOOK_KINDS).optional(),
  title: z.string().trim().min(1).optional(),
});
export type FacebookOptions = z.infer<typeof FacebookOptions>;

export const FACEBOOK_RULES: PlatformRules<FacebookOptions> = {
  limits: FACEBOOK_LIMITS,
  options: FacebookOptions,
  optionNeeds: {
    kind: 'the kind of post to be "reel" or "video"',
    title: "the video title to be some text, or left out for the video's own title",
  },
  videoLimits: (options) => (options.kind === 'reel' ? REEL : FACEBOOK_LIMITS.video),
};
