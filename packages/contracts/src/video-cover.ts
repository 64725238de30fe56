import { z } from 'zod';

/**
 * YouTube's limit for a custom thumbnail (thumbnails.set: "Maximum file size: 2MB", the v3 reference page;
 * the discovery document says 50 MB, so the stricter figure is kept), the smallest of the platforms that take
 * an image: one image then suits every one of them (Instagram's cover takes up to 8 MB).
 */
export const COVER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** The image types a cover may be, recognised by their first bytes, never by a name or a Content-Type. */
export const COVER_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;

/**
 * A video's cover, used by every post of it when it publishes: a frame of the video (`frameMs` from the
 * start; `url` a still of it for the preview) or an image the person uploaded. Null: none chosen, each platform
 * picks its own.
 */
export const CoverFrame = z.object({
  kind: z.literal('frame'),
  frameMs: z.number().int().min(0),
  /** A JPEG still of that frame (at most 480 px wide), or null when ffmpeg could not make one. */
  url: z.string().nullable(),
});

export const CoverImage = z.object({
  kind: z.literal('image'),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  mimeType: z.enum(COVER_IMAGE_TYPES),
  url: z.string(),
});

export const VideoCover = z.discriminatedUnion('kind', [CoverFrame, CoverImage]);
/**
 * The same or null, as the video JSON carries it. Each member nullable in an anyOf: OpenAPI 3.0 reads
 * `nullable` only beside a `type`, so a nullable oneOf would refuse null.
 */
export const NullableVideoCover = z.union([CoverFrame.nullable(), CoverImage.nullable()]);
export type VideoCover = z.infer<typeof VideoCover>;

/** PUT /api/videos/:id/cover: a frame, in whole milliseconds from the start (less than the video's duration). */
export const CoverFrameBody = z.strictObject({ frameMs: z.number().int().min(0) });
export type CoverFrameBody = z.infer<typeof CoverFrameBody>;
