import { z } from 'zod';
import { durationOf } from './format';
import { bounds, MB, MOV, MP4, text } from './table-parts';
import type { PlatformLimits, PlatformRules } from './types';

/** Figures: the reference (§2), from the Instagram Graph API's Reels specifications. */
export const INSTAGRAM_LIMITS: PlatformLimits = {
  platform: 'instagram',
  name: 'Instagram',
  video: {
    name: 'Instagram',
    durationSeconds: bounds(3, 15 * 60),
    sizeBytes: bounds(null, 300 * MB),
    width: bounds(null, 1920),
    height: bounds(null, null),
    aspect: { min: 0.01, max: 10, label: 'between 0.01:1 and 10:1' },
    fps: bounds(23, 60),
    mimeTypes: [...MP4, MOV],
    videoCodecs: ['h264', 'hevc'],
    audioCodecs: ['aac'],
  },
  otherVideo: {},
  // 30 hashtags per the Graph API docs; a cut to 5 was announced for December 2025 (third-party source).
  caption: text('caption', 2200, 'codePoints', { hashtagsMax: 30, mentionsMax: 20 }),
  title: null,
  tagsMaxTotal: null,
  dailyCaps: [
    // Read the live figure from GET /{ig-user-id}/content_publishing_limit; older docs said 25, then 50.
    { limit: 100, windowHours: 24, of: 'posts published through the API per account' },
  ],
};

/** Instagram usernames: 1 to 30 letters, digits, periods and underscores, written without "@". */
export const INSTAGRAM_USERNAME = /^[A-Za-z0-9._]{1,30}$/;
/** Content Publishing: a reel's container takes up to 3 collaborators, by username. */
export const INSTAGRAM_MAX_COLLABORATORS = 3;

export const InstagramOptions = z.strictObject({
  shareToFeed: z.boolean().optional(),
  /**
   * The cover: the frame this many milliseconds into the video (the Graph API's thumb_offset). From before the
   * cover was a detail of the video (docs/covers.md): still accepted on posts and API calls, where it wins over
   * the video's cover for that post; the composer no longer offers it.
   */
  coverFrameMs: z.int().min(0).optional(),
  /** Invited as collaborators (the container's `collaborators`); each must accept on Instagram. */
  collaborators: z.array(z.string().regex(INSTAGRAM_USERNAME)).max(INSTAGRAM_MAX_COLLABORATORS).optional(),
});
export type InstagramOptions = z.infer<typeof InstagramOptions>;

export const INSTAGRAM_RULES: PlatformRules<InstagramOptions> = {
  limits: INSTAGRAM_LIMITS,
  options: InstagramOptions,
  optionNeeds: {
    shareToFeed: 'shareToFeed to be true or false',
    coverFrameMs: 'the cover frame as a whole number of milliseconds from the start (coverFrameMs)',
    collaborators: `at most ${INSTAGRAM_MAX_COLLABORATORS} collaborators, each an Instagram username without "@" (letters, digits, periods and underscores)`,
  },
  crossChecks: ({ facts, options }) => {
    const at = options.coverFrameMs;
    if (at === undefined || facts.durationSeconds === null || at <= facts.durationSeconds * 1000) return [];
    return [
      {
        field: 'options.coverFrameMs',
        rule: 'options.cover_frame_after_end',
        message: `Instagram needs the cover frame within the video: ${durationOf(at / 1000, facts.durationSeconds)} is after its end (${durationOf(facts.durationSeconds)}).`,
      },
    ];
  },
};
