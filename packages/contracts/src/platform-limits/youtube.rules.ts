import { z } from 'zod';
import { ANY, bounds, GB, text } from './table-parts';
import type { PlatformLimits, PlatformRules } from './types';

const ANGLE_BRACKETS = ['<', '>'] as const;

/** Figures: the reference (§4), from the YouTube Data API's videos resource and upload guide. */
export const YOUTUBE_LIMITS: PlatformLimits = {
  platform: 'youtube',
  name: 'YouTube',
  video: {
    name: 'YouTube',
    // Not in the reference: YouTube Help gives 12 hours for verified channels (15 minutes otherwise).
    durationSeconds: bounds(null, 12 * 3600),
    sizeBytes: bounds(null, 256 * GB),
    width: ANY,
    height: ANY,
    aspect: null,
    fps: ANY,
    // Any video/* type is accepted; every container Fanout stores is one.
    mimeTypes: null,
    videoCodecs: null,
    audioCodecs: null,
  },
  otherVideo: {},
  caption: text('description', 5000, 'utf8Bytes', { forbidden: ANGLE_BRACKETS }),
  title: text('title', 100, 'codePoints', { required: true, forbidden: ANGLE_BRACKETS }),
  tagsMaxTotal: 500,
  dailyCaps: [
    // Newer docs give videos.insert its own bucket; older ones charge 1,600 of 10,000 daily units (6 uploads).
    { limit: 100, windowHours: 24, of: 'uploads (videos.insert calls) per API project' },
  ],
};

export const YOUTUBE_PRIVACY = ['public', 'unlisted', 'private'] as const;

/** VideoStatus.license in the discovery document: the standard YouTube license or Creative Commons. */
export const YOUTUBE_LICENSES = ['youtube', 'creativeCommon'] as const;

/**
 * Said where privacy is chosen while this server's live Google API project has not passed YouTube's audit
 * (YOUTUBE_API_VERIFIED unset): videos.insert locks the uploads of unverified projects created after 2020-07-28
 * private, whatever privacy is sent (videos.insert documentation, the note at the top of the page).
 */
export const YOUTUBE_UNVERIFIED_PROJECT_TEXT =
  "This server's YouTube API project has not passed YouTube's audit yet: YouTube keeps every video it uploads private until it does, whatever is chosen here.";

/** The most playlists one video is added to from the composer: a handful is what channels use; more is a mistake. */
export const YOUTUBE_MAX_PLAYLISTS = 10;

/** A playlist id as YouTube gives them (PL…, 34 characters for a channel's own; letters, digits, - and _). */
export const YOUTUBE_PLAYLIST_ID = /^[A-Za-z0-9_-]{2,64}$/;

export const YouTubeOptions = z.strictObject({
  privacy: z.enum(YOUTUBE_PRIVACY).optional(),
  /** A video category id, e.g. "22" (People & Blogs). */
  categoryId: z
    .string()
    .regex(/^\d{1,4}$/)
    .optional(),
  madeForKids: z.boolean().optional(),
  /** videos.insert's notifySubscribers query parameter; absent = true, YouTube's default. */
  notifySubscribers: z.boolean().optional(),
  /** status.containsSyntheticMedia: YouTube's "Altered or synthetic content" disclosure. */
  containsSyntheticMedia: z.boolean().optional(),
  /** status.license; absent = the standard YouTube license. */
  license: z.enum(YOUTUBE_LICENSES).optional(),
  /** status.embeddable and status.publicStatsViewable; absent = true, YouTube's defaults. */
  embeddable: z.boolean().optional(),
  publicStatsViewable: z.boolean().optional(),
  /**
   * The channel's own playlists the video is added to once it is up (playlistItems.insert, one each). Needs the
   * youtube.force-ssl grant (optional-scopes.ts: `playlists`).
   */
  playlistIds: z
    .array(z.string().regex(YOUTUBE_PLAYLIST_ID))
    .max(YOUTUBE_MAX_PLAYLISTS)
    .refine((ids) => new Set(ids).size === ids.length)
    .optional(),
});
export type YouTubeOptions = z.infer<typeof YouTubeOptions>;

export const YOUTUBE_RULES: PlatformRules<YouTubeOptions> = {
  limits: YOUTUBE_LIMITS,
  options: YouTubeOptions,
  optionNeeds: {
    privacy: 'the privacy to be public, unlisted or private',
    categoryId: 'the category as its numeric id, such as "22"',
    madeForKids: 'madeForKids to be true or false',
    notifySubscribers: 'notifySubscribers ("Notify subscribers") to be true or false',
    containsSyntheticMedia: 'containsSyntheticMedia ("Altered or synthetic content") to be true or false',
    license: 'the license to be youtube (Standard YouTube License) or creativeCommon (Creative Commons - Attribution)',
    embeddable: 'embeddable ("Allow embedding") to be true or false',
    publicStatsViewable: 'publicStatsViewable (video statistics shown publicly) to be true or false',
    playlistIds: `at most ${YOUTUBE_MAX_PLAYLISTS} different playlists, each the id YouTube gives one of the channel's own playlists`,
  },
};
