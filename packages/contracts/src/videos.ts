import { z } from 'zod';
import { Id, IdText } from './common';
import { PlatformKey } from './platforms';
import { PostCounts, PostStatus } from './posts';
import { NullableVideoCover } from './video-cover';

export const VIDEO_STATUSES = [
  'awaiting-details',
  'ready',
  'uploading',
  'processing',
  'scheduled',
  'published',
  'failed',
] as const;
export const VideoStatus = z.enum(VIDEO_STATUSES);
export type VideoStatus = z.infer<typeof VideoStatus>;

/** Where one platform stands with a video: the status of its current post (see `Video.platformPosts`). */
export const PlatformPost = z.object({ platform: PlatformKey, status: PostStatus }).meta({ id: 'PlatformPost' });
export type PlatformPost = z.infer<typeof PlatformPost>;

export const VIDEO_LIMITS = { title: 200, description: 5000, tags: 30, tag: 100 } as const;

export const Video = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    title: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    platforms: z.array(PlatformKey),
    status: VideoStatus,
    progress: z.number(),
    /** 'm:ss'; '0:00' means unknown */
    duration: z.string(),
    durationSeconds: z.number().nullable(),
    /** e.g. '12.34 MB' */
    size: z.string(),
    sizeBytes: z.number().int(),
    uploadDate: z.string(),
    views: z.number().int(),
    filename: z.string(),
    /** URL path of the JPEG preview, or null when none could be made */
    thumbnail: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    /** frames per second; null when unknown */
    fps: z.number().nullable(),
    videoCodec: z.string().nullable(),
    audioCodec: z.string().nullable(),
    mimeType: z.string(),
    originalName: z.string(),
    /** Its posts by status; `status` follows them (scheduled, processing while publishing, published, failed). */
    postCounts: PostCounts,
    /**
     * Each platform's own state: the status of its newest post that is not cancelled, in the app's platform
     * order. A platform with no such post is absent (nothing was sent there, or every post was cancelled).
     */
    platformPosts: z.array(PlatformPost),
    /** The video of the same file that was already in the project when this copy was uploaded; null if none. */
    duplicateOf: z.number().int().nullable().optional(),
    /** The cover every post of it gets (a frame or an image); null when none was chosen. */
    cover: NullableVideoCover.optional(),
  })
  .meta({ id: 'Video' });
export type Video = z.infer<typeof Video>;

export const VideoList = z.array(Video);

export const VideoPage = z
  .object({
    videos: z.array(Video),
    /** Pass as `cursor` for the next page; null on the last. */
    nextCursor: z.string().nullable(),
    /** How many videos match the filters, over all pages (what "select all" selects). */
    total: z.number().int(),
  })
  .meta({ id: 'VideoPage' });
export type VideoPage = z.infer<typeof VideoPage>;

export const VideoResponse = z.object({ video: Video });
export type VideoResponse = z.infer<typeof VideoResponse>;

export const VIDEOS_PAGE_MAX = 100;
export const VIDEOS_PAGE_DEFAULT = 50;

/** The library's orders: newest upload first (default), oldest first, or by title A→Z. */
export const VideoSort = z.enum(['newest', 'oldest', 'title']);
export type VideoSort = z.infer<typeof VideoSort>;

/** What narrows a project's videos: title search, the shown status, and the order. */
export const VideoFilters = z.object({
  /** Case-insensitive match anywhere in the title. */
  q: z.string().trim().max(200).optional(),
  status: VideoStatus.optional(),
  sort: VideoSort.optional(),
  /** Only videos carrying this tag (ignoring case). */
  tag: z.string().trim().min(1).max(VIDEO_LIMITS.tag).optional(),
  /** Only videos in this collection (one of the project's). */
  collection_id: IdText.optional(),
});
export type VideoFilters = z.infer<typeof VideoFilters>;

/**
 * Without `limit` and `cursor`: the spec's whole array. With `limit` or `cursor`: one page, `{videos,
 * nextCursor, total}`. `q`, `status` and `sort` apply to both.
 */
export const VideosQuery = VideoFilters.extend({
  project_id: IdText.optional(),
  /** 1…100; default 50. */
  limit: IdText.optional(),
  /** `nextCursor` of the page before; opaque. */
  cursor: z.string().max(300).optional(),
});
export type VideosQuery = z.infer<typeof VideosQuery>;

/** GET /api/videos/ids: the ids of every video matching the filters, newest first (select-all). */
export const VideoIdsQuery = VideoFilters.extend({ project_id: IdText });
export const VideoIdsResponse = z.object({ ids: z.array(z.number().int()) });
export type VideoIdsResponse = z.infer<typeof VideoIdsResponse>;

/** 'm:ss' or 'h:mm:ss' */
export const DurationText = z.string().regex(/^(\d+:)?\d+:[0-5]\d$/, "Duration must look like 'm:ss'");

export const DurationBody = z.object({ duration: DurationText });
export type DurationBody = z.infer<typeof DurationBody>;

export const Tag = z
  .string()
  .trim()
  .min(1)
  .max(VIDEO_LIMITS.tag, `A tag must be at most ${VIDEO_LIMITS.tag} characters`);

export const UpdateVideoBody = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'Video title is required')
      .max(VIDEO_LIMITS.title, `Title must be at most ${VIDEO_LIMITS.title} characters`),
    description: z
      .string()
      .max(VIDEO_LIMITS.description, `Description must be at most ${VIDEO_LIMITS.description} characters`),
    /** Entries are trimmed; empty ones are dropped and repeats removed by the server. */
    tags: z
      .array(z.string().trim().max(VIDEO_LIMITS.tag, `A tag must be at most ${VIDEO_LIMITS.tag} characters`))
      .max(VIDEO_LIMITS.tags, `At most ${VIDEO_LIMITS.tags} tags`),
    platforms: z.array(PlatformKey).max(6),
    status: z.literal('ready'),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change');
export type UpdateVideoBody = z.infer<typeof UpdateVideoBody>;

export const BulkDeleteBody = z.object({
  videoIds: z.array(Id).min(1, 'Select at least one video').max(500),
});
export type BulkDeleteBody = z.infer<typeof BulkDeleteBody>;

export const DeleteResponse = z.object({ deleted: z.array(z.number().int()) });
export type DeleteResponse = z.infer<typeof DeleteResponse>;

/** Multipart fields of POST /api/upload besides the `video` file part. */
export const UploadFields = z.object({
  title: z.string().trim().max(VIDEO_LIMITS.title).optional(),
  project_id: IdText,
  /** `true`: keep this file even when the project has it already (else 409 duplicate_video). */
  allow_duplicate: z.enum(['true', 'false']).optional(),
});
export type UploadFields = z.infer<typeof UploadFields>;

/** Whether an address carries no user name or password (a fetched address must not). */
const withoutCredentials = (address: string) => {
  if (!URL.canParse(address)) return true; // the address check itself answers
  const url = new URL(address);
  return url.username === '' && url.password === '';
};

/**
 * POST /api/videos/import: a video the server fetches from an http(s) address and stores as an upload (same
 * checks, same answer as POST /api/upload). `title` defaults to the address's file name without extension.
 */
export const VideoImportRequest = z.object({
  projectId: Id,
  url: z
    .url({ protocol: /^https?$/, message: 'The address must start with http:// or https://' })
    .max(2000)
    .refine(withoutCredentials, 'The address must not carry a user name or password'),
  title: z.string().trim().max(VIDEO_LIMITS.title).optional(),
});
export type VideoImportRequest = z.infer<typeof VideoImportRequest>;

/** A post the header search found: what the result row says of it ('TikTok post · Published'). */
export const SearchResultPost = z.object({
  id: Id,
  videoId: Id,
  /** The video's title (the result's name is the post's caption when it has its own). */
  videoTitle: z.string(),
  platform: PlatformKey,
  status: PostStatus,
  accountName: z.string(),
});
export type SearchResultPost = z.infer<typeof SearchResultPost>;

/** Header search (spec section 3): a real search over the user's videos and posts. */
export const SEARCH_RESULT_TYPES = ['folder', 'pdf', 'image', 'video', 'sheet', 'doc', 'zip', 'form'] as const;
export const SearchResult = z.object({
  ref: z.string(),
  type: z.enum(SEARCH_RESULT_TYPES),
  name: z.string(),
  drive: z.string(),
  owner: z.string(),
  modified: z.string(),
  /** Present when the result is a post of the video `ref` leads to; absent for the video itself. */
  post: SearchResultPost.optional(),
});
export type SearchResult = z.infer<typeof SearchResult>;
export const SEARCH_PAGE_MAX = 100;
export const SEARCH_PAGE_DEFAULT = 50;
export const SearchQuery = z.object({
  q: z.string().trim().max(200).default(''),
  /** 1…100; default 50. */
  limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).optional(),
  /** `nextCursor` of the page before, with the same `q`; opaque. */
  cursor: z.string().max(300).optional(),
});
export const SearchResponse = z.object({
  results: z.array(SearchResult),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

/**
 * GET /api/recent (the header's Recent): the caller's videos and posts in every project, most recently changed
 * first, paged like the search; the answer is a SearchResponse.
 */
export const RecentQuery = SearchQuery.omit({ q: true });
export type RecentQuery = z.infer<typeof RecentQuery>;
