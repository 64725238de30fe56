import { z } from 'zod';
import { ANY, bounds, MOV, MP4, text } from './table-parts';
import type { PlatformLimits, PlatformRules } from './types';

/** Figures: the reference (§6); the video limits are third-party figures, Reddit documents none. */
export const REDDIT_LIMITS: PlatformLimits = {
  platform: 'reddit',
  name: 'Reddit',
  video: {
    name: 'Reddit',
    durationSeconds: bounds(null, 15 * 60),
    // The upload lease says the largest size it takes (MaxSizeAllowed); nothing fixed to check before.
    sizeBytes: ANY,
    width: ANY,
    height: ANY,
    aspect: null,
    fps: ANY,
    mimeTypes: [...MP4, MOV],
    videoCodecs: null,
    audioCodecs: null,
  },
  otherVideo: {},
  // The caption is the post's title, which every submission needs.
  caption: text('post title', 300, 'codePoints', { required: true }),
  title: null,
  tagsMaxTotal: null,
  // Reddit limits requests (100 a minute per OAuth client), not posts; subreddits may add their own.
  dailyCaps: [],
};

export const RedditOptions = z.strictObject({
  /** The subreddit's name without "r/": 3 to 21 letters, digits or underscores. */
  subreddit: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_]{2,20}$/),
  flairId: z.string().min(1).max(64).optional(),
  nsfw: z.boolean().optional(),
  spoiler: z.boolean().optional(),
  /** Reddit's "Send me reply notifications" (sendreplies on /api/submit); absent = on, as Reddit's is. */
  sendReplies: z.boolean().optional(),
});
export type RedditOptions = z.infer<typeof RedditOptions>;

export const REDDIT_RULES: PlatformRules<RedditOptions> = {
  limits: REDDIT_LIMITS,
  options: RedditOptions,
  optionNeeds: {
    subreddit: 'a subreddit to post to, written without "r/" (3 to 21 letters, digits or underscores)',
    flairId: 'the flair as the id Reddit gives it',
    nsfw: 'nsfw to be true or false',
    spoiler: 'spoiler to be true or false',
    sendReplies: 'sendReplies ("Send me reply notifications") to be true or false',
  },
};
