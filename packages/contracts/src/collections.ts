import { z } from 'zod';
import { Id, IdText } from './common';

export const COLLECTION_NAME_MAX = 100;
/** At most this many collections per project, and videos per add call. */
export const COLLECTIONS_PER_PROJECT_MAX = 200;
export const COLLECTION_VIDEOS_PER_CALL_MAX = 500;

export const Collection = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    name: z.string(),
    /** how many videos it holds */
    videoCount: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'Collection' });
export type Collection = z.infer<typeof Collection>;

export const CollectionName = z
  .string()
  .trim()
  .min(1, 'Give the collection a name')
  .max(COLLECTION_NAME_MAX, `A name has at most ${COLLECTION_NAME_MAX} characters`);

export const CollectionsQuery = z.object({ project_id: IdText });
export type CollectionsQuery = z.infer<typeof CollectionsQuery>;

export const CollectionList = z.object({ collections: z.array(Collection) });
export type CollectionList = z.infer<typeof CollectionList>;

export const CreateCollectionBody = z.object({ project_id: Id, name: CollectionName });
export type CreateCollectionBody = z.infer<typeof CreateCollectionBody>;

export const UpdateCollectionBody = z.object({ name: CollectionName });
export type UpdateCollectionBody = z.infer<typeof UpdateCollectionBody>;

export const CollectionResponse = z.object({ collection: Collection });
export type CollectionResponse = z.infer<typeof CollectionResponse>;

/** Videos of the collection's project to add (those already in it stay, once). */
export const CollectionVideosBody = z.object({
  videoIds: z.array(Id).min(1, 'Choose at least one video').max(COLLECTION_VIDEOS_PER_CALL_MAX),
});
export type CollectionVideosBody = z.infer<typeof CollectionVideosBody>;

export const CollectionVideoParams = z.object({ id: IdText, videoId: IdText });

/** 409 `duplicate_video` of POST /api/upload: the same file is already in the project, as `videoId`. */
export const DUPLICATE_VIDEO = 'duplicate_video';
export const DuplicateVideoError = z
  .object({ error: z.string(), code: z.literal(DUPLICATE_VIDEO), videoId: z.number().int() })
  .meta({ id: 'DuplicateVideoError' });
export type DuplicateVideoError = z.infer<typeof DuplicateVideoError>;

/** A file's size in bytes, written as text (a query parameter): plain digits, at most 2^53 − 1. */
const ByteCountText = z
  .string()
  .refine((text) => /^(0|[1-9]\d{0,15})$/.test(text) && Number(text) <= Number.MAX_SAFE_INTEGER, {
    message: 'Expected a size in bytes',
  })
  .transform(Number)
  .meta({ type: 'integer', format: 'int64', minimum: 0 });

export const SHA256_HEX = /^[0-9a-fA-F]{64}$/;

/**
 * GET /api/upload/check: asked before a file is sent. With `size` alone: whether the project has a video of
 * exactly that size (only then can the file be a copy, and only then is it worth hashing); with `sha256` too:
 * whether it has this very file.
 */
export const UploadCheckQuery = z.object({
  project_id: IdText,
  size: ByteCountText,
  sha256: z
    .string()
    .regex(SHA256_HEX, 'Expected the SHA-256 of the file as 64 hex digits')
    .transform((hex) => hex.toLowerCase())
    .optional(),
});
export type UploadCheckQuery = z.infer<typeof UploadCheckQuery>;

export const UploadCheckResponse = z
  .object({
    /** The project has a video of exactly this size: hash the file and ask again with `sha256`. */
    sameSize: z.boolean(),
    /** With `sha256`: the project's first video of this content (uploading it would answer 409 duplicate_video). */
    duplicate: z.object({ videoId: z.number().int(), title: z.string() }).nullable(),
  })
  .meta({ id: 'UploadCheck' });
export type UploadCheckResponse = z.infer<typeof UploadCheckResponse>;
