import { z } from 'zod';
import { IdText } from './common';
import { PlatformKey } from './platforms';

/** The most rows one import takes, and the largest body (bytes). */
export const CSV_IMPORT_MAX_ROWS = 10_000;
export const CSV_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The most columns of a file: the known ones and every platform's options fit many times over. */
export const CSV_IMPORT_MAX_COLUMNS = 200;
/** The longest row (bytes): a caption of 70,000 characters (CAPTION_OVERRIDE_MAX), even of 3-byte ones, fits. */
export const CSV_IMPORT_MAX_ROW_BYTES = 300_000;

/**
 * The columns an import reads besides the `<platform>.<option>` ones. `fit` (true/false): send the default fitting
 * copy; `first_comment`: the comment posted under each post once live. `platform` and `account` are the export's
 * spelling of `platforms` (one platform) and of the account (as `<platform>.connection`), so that an exported file
 * is imported as it is.
 */
export const CSV_IMPORT_COLUMNS = [
  'video_id',
  'video_title',
  'platforms',
  'scheduled_at',
  'caption',
  'fit',
  'first_comment',
  'platform',
  'account',
] as const;

/**
 * `<platform>.connection`: the account of that platform a row posts to, by its id on the platform or its name;
 * needed for a platform the project has several accounts of, and read like the option columns.
 */
export const CSV_CONNECTION_OPTION = 'connection';

/**
 * The per-platform columns besides its options: `<platform>.connection`, and `<platform>.fit` and
 * `<platform>.first_comment`, which take the place of `fit` and `first_comment` for that platform.
 */
export const CSV_PLATFORM_COLUMNS = [CSV_CONNECTION_OPTION, 'fit', 'first_comment'] as const;

export const PostsImportQuery = z.object({
  project_id: IdText,
  /** `true` (the default): check every row and say what would be made, make nothing. */
  dry_run: z.enum(['true', 'false']).default('true'),
});
export type PostsImportQuery = z.infer<typeof PostsImportQuery>;

/** A broken rule of one row: a platform's rule (platform set) or the row's own (platform null). */
export const ImportViolation = z.object({
  /** The platform whose rule or connection it is (a platform key); null for the row's own mistakes. */
  platform: z.string().nullable(),
  /**
   * 'video_id', 'video_title', 'platforms', 'scheduled_at', 'caption', 'fit', 'first_comment' (or
   * '<platform>.first_comment' when that column gave it), 'options.<name>' or a platform rule's field.
   */
  field: z.string(),
  rule: z.string(),
  message: z.string(),
});
export type ImportViolation = z.infer<typeof ImportViolation>;

/** A post an import row makes (dry run: would make; `id` null). */
export const ImportedPost = z.object({
  id: z.number().int().nullable(),
  videoId: z.number().int(),
  videoTitle: z.string(),
  platform: PlatformKey,
  /** The account it goes to. */
  connectionId: z.number().int(),
  accountName: z.string(),
  /** UTC ISO 8601; a queued row's time is the posting slot it takes. */
  scheduledAt: z.string(),
  queued: z.boolean(),
});
export type ImportedPost = z.infer<typeof ImportedPost>;

export const ImportRow = z.object({
  /** The line of the file the row starts on (the header is line 1). */
  line: z.number().int(),
  ok: z.boolean(),
  violations: z.array(ImportViolation),
  posts: z.array(ImportedPost).optional(),
});
export type ImportRow = z.infer<typeof ImportRow>;

export const PostsImportResult = z
  .object({
    rows: z.array(ImportRow),
    /** Posts made: 0 on a dry run or when any row is broken (all or none). */
    created: z.number().int(),
    dryRun: z.boolean(),
  })
  .meta({ id: 'PostsImportResult' });
export type PostsImportResult = z.infer<typeof PostsImportResult>;

/** 400 of a real import with a broken row: nothing was made; every row's verdict comes with it. */
export const PostsImportFailedBody = PostsImportResult.extend({
  error: z.string(),
  code: z.literal('validation_failed'),
}).meta({ id: 'PostsImportFailed' });
export type PostsImportFailedBody = z.infer<typeof PostsImportFailedBody>;

export const POSTS_EXPORT_FORMATS = ['csv', 'json'] as const;

export const PostsExportQuery = z.object({
  project_id: IdText,
  /** On `scheduledAt`, inclusive `from`, exclusive `to`. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  platform: PlatformKey.optional(),
  /** One account's posts (a connection of the project). */
  connection_id: IdText.optional(),
  format: z.enum(POSTS_EXPORT_FORMATS).default('csv'),
});
export type PostsExportQuery = z.infer<typeof PostsExportQuery>;

/** The export's columns, in order; the CSV's header row. Metrics are the latest synced figures (empty: none). */
export const POSTS_EXPORT_COLUMNS = [
  'post_id',
  'video_id',
  'video_title',
  'platform',
  'status',
  'scheduled_at',
  'published_at',
  'account',
  'caption',
  'first_comment',
  'fit',
  'url',
  'error',
  'views',
  'likes',
  'comments',
  'shares',
] as const;

/** The export's columns an import reads past (what became of a post, not what to make): an export imports as it is. */
export const CSV_IMPORT_IGNORED_COLUMNS: readonly string[] = POSTS_EXPORT_COLUMNS.filter(
  (column) => !(CSV_IMPORT_COLUMNS as readonly string[]).includes(column),
);

/** One exported post (the JSON format's `posts[]`; the CSV's row). */
export const ExportedPost = z.object({
  post_id: z.number().int(),
  video_id: z.number().int(),
  video_title: z.string(),
  platform: PlatformKey,
  status: z.string(),
  scheduled_at: z.string(),
  published_at: z.string().nullable(),
  account: z.string(),
  caption: z.string().nullable(),
  /** The post's first comment; null: none. */
  first_comment: z.string().nullable(),
  /** 'true' when the post sends a fitting copy, as the import's `fit` column reads it. */
  fit: z.enum(['true', 'false']),
  url: z.string().nullable(),
  error: z.string().nullable(),
  views: z.number().nullable(),
  likes: z.number().nullable(),
  comments: z.number().nullable(),
  shares: z.number().nullable(),
});
export type ExportedPost = z.infer<typeof ExportedPost>;

export const PostsExportJson = z.object({ posts: z.array(ExportedPost) }).meta({ id: 'PostsExport' });
export type PostsExportJson = z.infer<typeof PostsExportJson>;
