import { z } from 'zod';
import { Id } from './common';
import { PlatformKey } from './platforms';
import { PostViolation } from './platform-limits/violation';
import { ConnectionIds, FIRST_COMMENT_MAX } from './posts';

/**
 * Bulk scheduling from the library: each video to the given platforms, the first at `scheduledAt`, the rest
 * spaced; or, with `queue: true` instead, the videos in order into each platform's next free posting slots.
 */
export const BulkScheduleBody = z
  .strictObject({
    videoIds: z.array(Id).min(1, 'Select at least one video').max(500),
    platforms: z.array(PlatformKey).min(1, 'Choose at least one platform').max(6),
    /**
     * The accounts of those platforms to post to (connections of the project): each platform goes to the ones
     * named of it, else to its only account (409 `connection_required` when it has several).
     */
    connectionIds: ConnectionIds.optional(),
    scheduledAt: z.iso.datetime({ offset: true }).optional(),
    queue: z.literal(true).optional(),
    /** Minutes between one video and the next; 0: all at the same time. */
    intervalMinutes: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .default(0),
    /** Per-platform options applied to every video (TikTok's privacy level …). */
    options: z.partialRecord(PlatformKey, z.record(z.string(), z.unknown())).optional(),
    /** Every post sends its default fitting copy, as `targets[].fit: true` (a video that fits goes as it is). */
    fit: z.literal(true).optional(),
    /**
     * The first comment of every post: one text for every platform, or one per platform (a platform left out
     * gets none). Checked as `targets[].firstComment` (TikTok takes none: a text for all that includes TikTok
     * is refused for it, so name the platforms instead).
     */
    firstComment: z
      .union([z.string().max(FIRST_COMMENT_MAX), z.partialRecord(PlatformKey, z.string().max(FIRST_COMMENT_MAX))])
      .optional(),
  })
  .refine((b) => (b.scheduledAt === undefined) !== (b.queue === undefined), 'Give scheduledAt or queue: true');
export type BulkScheduleBody = z.infer<typeof BulkScheduleBody>;

/** 400 of bulk scheduling: violations per video. */
export const BulkViolation = PostViolation.extend({ videoId: z.number().int() });
export type BulkViolation = z.infer<typeof BulkViolation>;

/** 400 of POST /api/posts/bulk: every broken rule of every video and platform at once (nothing created). */
export const BulkValidationFailedBody = z
  .object({
    error: z.string(),
    code: z.literal('validation_failed'),
    violations: z.array(BulkViolation),
  })
  .meta({ id: 'BulkValidationFailed' });
export type BulkValidationFailedBody = z.infer<typeof BulkValidationFailedBody>;
