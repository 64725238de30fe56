import { z } from 'zod';
import { bounds, MB, MOV, MP4, text, WEBM } from './table-parts';
import type { PlatformLimits, PlatformRules } from './types';
import { X_MAX_WEIGHTED_LENGTH } from './x-weighted-length';

/**
 * Figures: the reference (§5), from X's media best practices; media types from the X OpenAPI document; the
 * file size from X's media page (docs.x.com/x-api/media/introduction, "Size restrictions for uploading via API":
 * video 512 MB with media_category=amplify_video).
 */
export const X_LIMITS: PlatformLimits = {
  platform: 'x',
  name: 'X',
  video: {
    name: 'X',
    // Premium accounts get 125 minutes; POST /2/tweets can still refuse a duration after finalize.
    durationSeconds: bounds(0.5, 20 * 60),
    sizeBytes: bounds(null, 512 * MB),
    width: bounds(32, null),
    height: bounds(32, null),
    // X's 1280×1024 is read either way round: its own recommended portrait is 720×1280.
    box: { longSide: 1280, shortSide: 1024 },
    aspect: { min: 1 / 3, max: 3, label: 'between 1:3 and 3:1' },
    fps: bounds(null, 60),
    // InitializeMediaUploadRequest.media_type's video types.
    mimeTypes: [...MP4, WEBM, 'video/mp2t', MOV],
    // H.264 High profile and AAC-LC: ffprobe's codec names do not carry the profile.
    videoCodecs: ['h264'],
    audioCodecs: ['aac'],
  },
  otherVideo: {},
  caption: text('post', X_MAX_WEIGHTED_LENGTH, 'xWeighted'),
  title: null,
  tagsMaxTotal: null,
  dailyCaps: [
    { limit: 100, windowHours: 0.25, of: 'posts per user (POST /2/tweets per 15 minutes)' },
    { limit: 10_000, windowHours: 24, of: 'posts per app' },
  ],
};

/** CreatePostsRequest.reply_settings; absent = everyone may reply. */
export const X_REPLY_SETTINGS = ['following', 'mentionedUsers', 'subscribers', 'verified'] as const;

export const XOptions = z.strictObject({ replySettings: z.enum(X_REPLY_SETTINGS).optional() });
export type XOptions = z.infer<typeof XOptions>;

export const X_RULES: PlatformRules<XOptions> = {
  limits: X_LIMITS,
  options: XOptions,
  optionNeeds: {
    replySettings: 'who may reply to be following, mentionedUsers, subscribers or verified (or left out for everyone)',
  },
};
