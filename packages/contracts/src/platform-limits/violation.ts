import { z } from 'zod';
import { PlatformKey } from '../platforms';

/** A broken platform rule as the API reports it (400 validation_failed lists every one). */
export const PostViolation = z.object({
  platform: PlatformKey,
  /** 'caption', 'title', 'tags', 'video' (a media rule) or 'options.<name>'. */
  field: z.string(),
  /** Stable id such as 'caption.max_length' or 'video.duration_max'. */
  rule: z.string(),
  message: z.string(),
  /** The account (connection) of the post it belongs to, when a post names one: a platform may have several. */
  connectionId: z.number().int().optional(),
});
export type PostViolation = z.infer<typeof PostViolation>;
