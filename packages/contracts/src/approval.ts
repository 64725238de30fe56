import { z } from 'zod';
import { Id } from './common';
import { Post } from './posts';

/**
 * Approval before publishing. In a project that needs approval, a post an editor makes (or any post made with a
 * personal API token, the owner's too) is `awaiting_approval` until an owner, reviewer or client approves it.
 */
export const ApprovePostBody = z
  .strictObject({
    /** A new time for it; absent: its own time, or at once when that time has passed (`approval_overdue`). */
    scheduledAt: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: 'ApprovePostBody' });
export type ApprovePostBody = z.infer<typeof ApprovePostBody>;

export const REQUEST_CHANGES_MAX = 2000;

export const RequestChangesBody = z
  .strictObject({
    /** What should change; shown on the post and told to its author. */
    comment: z.string().trim().min(1, 'Say what should change').max(REQUEST_CHANGES_MAX),
  })
  .meta({ id: 'RequestChangesBody' });
export type RequestChangesBody = z.infer<typeof RequestChangesBody>;

export const BulkApproveBody = z
  .strictObject({
    postIds: z
      .array(Id)
      .min(1, 'Select at least one post')
      .max(500)
      .refine((ids) => new Set(ids).size === ids.length, 'Each post at most once'),
  })
  .meta({ id: 'BulkApproveBody' });
export type BulkApproveBody = z.infer<typeof BulkApproveBody>;

/** The posts approved, and those that were not awaiting approval (any more), left as they are. */
export const BulkApproveResult = z
  .object({
    posts: z.array(Post),
    skipped: z.array(z.object({ id: z.number().int(), status: z.string() })),
  })
  .meta({ id: 'BulkApproveResult' });
export type BulkApproveResult = z.infer<typeof BulkApproveResult>;
