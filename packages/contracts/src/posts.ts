import { z } from 'zod';
import { Id, IdText } from './common';
import { PlatformKey } from './platforms';
import { PostViolation } from './platform-limits/violation';
import { RenditionStatus } from './renditions';
import { LocalDateTime } from './time-zones';

/**
 * A post: one video sent to one connected account. `scheduled` until its time; `publishing` while Fanout
 * works on it (uploading, waiting for the platform's processing, or waiting to retry); then `published`,
 * `failed` (with the platform's reason), `cancelled`, or `unconfirmed` (the platform's answer to the final
 * call was lost and it could not tell whether the post exists: the person checks, then retries or not).
 * `awaiting_approval`: made by an editor or an API token in a project that needs approval; never published
 * until an approver approves it (then `scheduled`); past its time it waits on with `error.code`
 * `approval_overdue`.
 */
export const POST_STATUSES = [
  'scheduled',
  'awaiting_approval',
  'publishing',
  'published',
  'failed',
  'cancelled',
  'unconfirmed',
] as const;
export const PostStatus = z.enum(POST_STATUSES);
export type PostStatus = z.infer<typeof PostStatus>;

/** Where a post stands while publishing: the adapter's step (`upload`, `processing`, `create` …) and bytes sent. */
export const PostProgress = z.object({
  /** null before the first step; `waiting` while a retry or a rate limit's reset time is awaited. */
  step: z.string().nullable(),
  bytesSent: z.number().int().nonnegative(),
  bytesTotal: z.number().int().nonnegative(),
});
export type PostProgress = z.infer<typeof PostProgress>;

/**
 * Why a post failed or is unconfirmed, or why a scheduled one waits: Fanout's own code and sentence, and the
 * platform's own code and words (null when the failure was not the platform's answer).
 */
export const PostError = z.object({
  /**
   * `rejected`, `auth_expired`, `disconnected`, `needs_reconnect`, `rate_limited`, `retryable`, `unconfirmed`,
   * `media_missing` …
   */
  code: z.string(),
  message: z.string(),
  platformCode: z.string().nullable(),
  platformMessage: z.string().nullable(),
});
export type PostError = z.infer<typeof PostError>;

/**
 * The fitting copy a post sends instead of the video as uploaded, and how far it is. A post due before its copy
 * is ready waits `scheduled` with `progress.step = 'rendering'` and goes out once the copy is made.
 */
export const PostRendition = z.object({
  id: Id,
  status: RenditionStatus,
  progress: z.number().min(0).max(1).meta({ description: "How far the copy's render is; 1 when ready." }),
});
export type PostRendition = z.infer<typeof PostRendition>;

/**
 * The privacy a platform applied to a published post when it is not the one the person chose (a YouTube API
 * project that has not passed Google's audit makes every upload private; an unaudited TikTok app posts
 * `SELF_ONLY`). Shown on the post as "Published as <label>: <reason>", then what the operator must do.
 */
export const AppliedPrivacy = z.object({
  /** What the platform applied, in its own spelling (`private`, `SELF_ONLY`). */
  privacy: z.string(),
  /** The same in words, as the composer names it ("private", "only me"). */
  label: z.string(),
  /** What the person chose, in the platform's spelling (`public`, `PUBLIC_TO_EVERYONE`). */
  requested: z.string(),
  /** Why the platform applied it, as one sentence without its full stop. */
  reason: z.string(),
  /** What whoever runs this Fanout must do so that the platform applies what people choose. */
  operatorAction: z.string(),
});
export type AppliedPrivacy = z.infer<typeof AppliedPrivacy>;

/** The longest first comment accepted whatever the platform: a guard; each platform's own limit is checked too. */
export const FIRST_COMMENT_MAX = 10_000;

/**
 * The first comment of a post and where it stands: `pending` until the post is live and the comment is sent,
 * `posted` (with the comment's address) or `failed` (with why, in words). Its failure never undoes the post.
 */
export const FirstCommentState = z.object({
  text: z.string(),
  status: z.enum(['pending', 'posted', 'failed']),
  /** The comment on the platform, once posted. */
  url: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type FirstCommentState = z.infer<typeof FirstCommentState>;

export const Post = z
  .object({
    id: z.number().int(),
    videoId: z.number().int(),
    projectId: z.number().int(),
    platform: PlatformKey,
    /** null once the account is disconnected (the post keeps its history). */
    connectionId: z.number().int().nullable(),
    status: PostStatus,
    /** When it is (or was) due, UTC ISO 8601. A "publish now" post: the moment it was asked. */
    scheduledAt: z.string(),
    startedAt: z.string().nullable(),
    publishedAt: z.string().nullable(),
    /** The live post on the platform. */
    url: z.string().nullable(),
    platformPostId: z.string().nullable(),
    appliedPrivacy: AppliedPrivacy.nullable().meta({
      description:
        'On a published post: the privacy the platform applied when it differs from the one chosen (read back ' +
        'from the platform after publishing), with why and what the operator must do; null otherwise.',
    }),
    coverError: z
      .string()
      .nullable()
      .optional()
      .meta({
        description:
          "On a published post: the platform's own words when it refused the video's cover after the post went " +
          "live (YouTube's thumbnails.set for a channel that may not set custom thumbnails); null otherwise.",
      }),
    playlistError: z
      .string()
      .nullable()
      .optional()
      .meta({
        description:
          "On a published YouTube post: YouTube's own words when it refused to add the video to one of the chosen " +
          'playlists (a playlist deleted since, playlistNotFound); the video stays published; null otherwise.',
      }),
    captionsError: z
      .string()
      .nullable()
      .optional()
      .meta({
        description:
          "On a published post: the platform's own words when it refused one of the video's caption tracks after " +
          'the post went live (docs/captions.md); null otherwise.',
      }),
    progress: PostProgress,
    error: PostError.nullable().meta({
      description:
        'Why the post failed or is unconfirmed. On a `scheduled` post, `code: "needs_reconnect"`: its account ' +
        'must be connected again on the Accounts screen, and the post waits for that without calling the ' +
        'platform; it goes out once the account is reconnected, and fails with that code if it has not been ' +
        'within 24 hours of its time. `platformMessage` then holds the platform’s reason.',
    }),
    /** How many times publishing has been started (retries after a failure count too). */
    attempts: z.number().int(),
    createdAt: z.string(),
    /** The person who made it (a member, or the owner); null for posts made before that was kept. */
    createdBy: z.number().int().nullable().optional(),
    /** When it was last approved; null: not approved (awaiting, or made where no approval was needed). */
    approvedAt: z.string().nullable().optional(),
    /** The caption this post overrides the built one with; null: built from the video's details. */
    caption: z.string().nullable(),
    options: z.record(z.string(), z.unknown()),
    /** While waiting to retry or for a rate limit's reset: when the next try is due. */
    retryAt: z.string().nullable(),
    /** The video's title and the account's name, for lists. */
    videoTitle: z.string(),
    accountName: z.string(),
    firstComment: FirstCommentState.nullable().meta({
      description:
        'The comment posted under the post right after it goes live (null: none asked for). Posted once; when ' +
        'it fails the post stays published and `POST /api/posts/{id}/first-comment/retry` sends it again.',
    }),
    rendition: PostRendition.nullable()
      .optional()
      .meta({
        description:
          'The fitting copy (GET /api/videos/{id}/renditions) this post sends instead of the video as uploaded; ' +
          'null: the video as uploaded. While it is being made a due post waits `scheduled`, `progress.step` ' +
          '`rendering`, error code `waiting_for_copy`; a copy that fails fails the post with `rendition_failed`.',
      }),
  })
  .meta({ id: 'Post' });
export type Post = z.infer<typeof Post>;

/** What each platform's caption override may be at most, whatever the platform: a guard, not the platform's limit. */
export const CAPTION_OVERRIDE_MAX = 70_000;

export const PostTarget = z.strictObject({
  platform: PlatformKey,
  /**
   * The account (a connection of the video's project, of this platform) the post goes to. May be left out when
   * the project has one account of the platform; with several it is needed (409 `connection_required`).
   */
  connectionId: Id.optional(),
  caption: z.string().max(CAPTION_OVERRIDE_MAX).optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  /**
   * Posted as a comment under the post once it is live (YouTube comment, Instagram/Facebook comment, X reply,
   * Reddit comment; TikTok takes none), checked against the platform's comment limit. Blank: none.
   */
  firstComment: z
    .string()
    .max(FIRST_COMMENT_MAX)
    .optional()
    .meta({
      description:
        'Posted once as a comment under the post after it is live (YouTube comment thread, Instagram or Facebook ' +
        "comment, X reply, Reddit comment; TikTok takes none: 400), checked against the platform's comment " +
        'limit; 409 `reconnect_to_allow` when the account was connected without the comment permission. Its ' +
        'failure is shown beside the published post and retried alone (POST /api/posts/{id}/first-comment/retry). ' +
        'Blank: none.',
    }),
  /**
   * Send this fitting copy of the video instead of the video as uploaded; the post is checked against the copy's
   * facts (a copy made for another platform is taken when it keeps this one's rules). Another video's: 400.
   */
  renditionId: Id.optional().meta({
    description:
      'A fitting copy of this video (POST /api/videos/{id}/renditions), sent instead of the video as uploaded; ' +
      "the post is checked against the copy's facts, so a copy made for another platform is taken when it keeps " +
      "this target's rules. 400 `rendition_mismatch` for a copy of another video, 404 for one that is not yours, " +
      '409 `rendition_failed` for a failed one.',
  }),
  /**
   * Have Fanout make (or reuse) the default fitting copy for this target, as POST /api/videos/:id/renditions
   * with no settings would, and send it; a video that already fits is sent as it is. Not with `renditionId`.
   */
  fit: z
    .literal(true)
    .optional()
    .meta({
      description:
        'Have Fanout make (or reuse) the default fitting copy for this target and send it; a video that already ' +
        'fits is sent as it is. A post due before its copy is ready waits for it (`progress.step` `rendering`).',
    }),
});
export type PostTarget = z.infer<typeof PostTarget>;

/** The most posts one request makes of one video: one per account, several accounts per platform. */
export const MAX_TARGETS = 50;

/** How a wall-clock time that happens twice (the hour clocks go back) is read; without it such a time is refused. */
export const TimeDisambiguation = z.enum(['earlier', 'later']);

/**
 * A time in the future, either as an instant (`scheduledAt`, ISO 8601 with an offset) or as a wall-clock time
 * in the user's time zone (`scheduledLocal`, as a date-time input gives it) that the server converts: a time
 * the clocks skip is refused (`nonexistent_local_time`), one they show twice needs `disambiguation`
 * (`ambiguous_local_time` otherwise).
 */
const WhenFields = {
  scheduledAt: z.iso.datetime({ offset: true }).optional(),
  scheduledLocal: LocalDateTime.optional(),
  disambiguation: TimeDisambiguation.optional(),
};

export const CreatePostsBody = z
  .strictObject({
    targets: z
      .array(PostTarget)
      .min(1, 'Choose at least one platform')
      .max(MAX_TARGETS)
      .refine(
        (t) => new Set(t.map((x) => `${x.platform}:${x.connectionId ?? ''}`)).size === t.length,
        'Each account at most once',
      ),
    ...WhenFields,
    /** Each target at the next free posting slot of its platform (GET /api/projects/:id/slots). */
    queue: z.literal(true).optional(),
  })
  .refine(
    (b) => [b.scheduledAt, b.scheduledLocal, b.queue].filter((v) => v !== undefined).length <= 1,
    'Give one of scheduledAt, scheduledLocal or queue',
  );
export type CreatePostsBody = z.infer<typeof CreatePostsBody>;

export const UpdatePostBody = z
  .strictObject({
    /** null: back to the caption built from the video's details. */
    caption: z.string().max(CAPTION_OVERRIDE_MAX).nullable().optional(),
    options: z.record(z.string(), z.unknown()).optional(),
    firstComment: z
      .string()
      .max(FIRST_COMMENT_MAX)
      .nullable()
      .optional()
      .meta({
        description:
          'Sets, changes or (null, blank) clears the first comment, checked as `targets[].firstComment` is; only ' +
          'while it has not been sent (409 `first_comment_sent` once it is being sent, posted or failed).',
      }),
    renditionId: Id.nullable().optional().meta({
      description:
        'Send this fitting copy instead (checked as `targets[].renditionId` is); null: the video as uploaded.',
    }),
    fit: z
      .boolean()
      .optional()
      .meta({
        description:
          'true: send the default fitting copy (as `targets[].fit`); false: the video as uploaded. Not with ' +
          '`renditionId` (400 `rendition_and_fit`).',
      }),
    ...WhenFields,
  })
  .refine((b) => !(b.scheduledAt && b.scheduledLocal), 'Give scheduledAt or scheduledLocal, not both')
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change');
export type UpdatePostBody = z.infer<typeof UpdatePostBody>;

/**
 * POST /api/posts/:id/retry of a failed or unconfirmed post, optionally corrected first: a new caption (null:
 * the built one), options (the whole set, as PATCH takes them) and a time (none: now; a time: it waits,
 * `scheduled`, until then). No body, or `{}`: sent again as it was.
 */
export const RetryPostBody = z
  .strictObject({
    caption: z.string().max(CAPTION_OVERRIDE_MAX).nullable().optional(),
    options: z.record(z.string(), z.unknown()).optional(),
    ...WhenFields,
  })
  .refine((b) => !(b.scheduledAt && b.scheduledLocal), 'Give scheduledAt or scheduledLocal, not both');
export type RetryPostBody = z.infer<typeof RetryPostBody>;

export const PostList = z.object({ posts: z.array(Post) });
export type PostList = z.infer<typeof PostList>;

export const PostResponse = z.object({ post: Post });
export type PostResponse = z.infer<typeof PostResponse>;

export const POSTS_PAGE_MAX = 100;
export const POSTS_CALENDAR_MAX = 1000;

export const PostsQuery = z.object({
  project_id: IdText,
  status: PostStatus.optional(),
  platform: PlatformKey.optional(),
  /** One account's posts (a connection of the project). */
  connection_id: IdText.optional(),
  /** On `scheduledAt`, inclusive `from`, exclusive `to`. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** ≤ 100; ≤ 1,000 when both `from` and `to` are given. Default 50. */
  limit: IdText.optional(),
  cursor: z.string().max(200).optional(),
});
export type PostsQuery = z.infer<typeof PostsQuery>;

export const PostPage = z.object({ posts: z.array(Post), nextCursor: z.string().nullable() });
export type PostPage = z.infer<typeof PostPage>;

/** 400 of POST /api/videos/:id/posts and PATCH /api/posts/:id: every broken rule of every target at once. */
export const ValidationFailedBody = z
  .object({
    error: z.string(),
    code: z.literal('validation_failed'),
    violations: z.array(PostViolation),
  })
  .meta({ id: 'ValidationFailed' });
export type ValidationFailedBody = z.infer<typeof ValidationFailedBody>;

/** Counts of a video's posts by status (the video's own status follows them). */
export const PostCounts = z.object(
  Object.fromEntries(POST_STATUSES.map((s) => [s, z.number().int()])) as Record<PostStatus, z.ZodNumber>,
);
export type PostCounts = z.infer<typeof PostCounts>;

export const emptyPostCounts = (): PostCounts =>
  Object.fromEntries(POST_STATUSES.map((s) => [s, 0])) as Record<PostStatus, number>;

/** Accounts named by their connection ids, each at most once. */
export const ConnectionIds = z
  .array(Id)
  .min(1)
  .max(MAX_TARGETS)
  .refine((ids) => new Set(ids).size === ids.length, 'Each account at most once');
