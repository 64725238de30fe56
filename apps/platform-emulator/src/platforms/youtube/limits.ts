/**
 * YouTube's figures in one place: the discovery document's `videos.insert.mediaUpload`, the Video schema's
 * enums, and the reference's limits. The contract tests compare these to ../shared/contracts/youtube.
 */
export const UPLOAD = {
  /** `mediaUpload.protocols.simple.path` and `.resumable.path`. */
  simplePath: '/upload/youtube/v3/videos',
  resumablePath: '/resumable/upload/youtube/v3/videos',
  /** `mediaUpload.accept`. */
  accept: ['video/*', 'application/octet-stream'],
  /** `mediaUpload.maxSize` (256 GB). */
  maxSize: 274_877_906_944,
  /** Every chunk but the last is a multiple of this. */
  chunkGranularity: 262_144,
  /** A resumable session lives a week. */
  sessionTtlMs: 7 * 24 * 3600_000,
} as const;

export const VIDEO = {
  titleMaxChars: 100,
  descriptionMaxBytes: 5000,
  tagsMaxChars: 500,
  /** `VideoStatus.privacyStatus`. */
  privacyStatuses: ['public', 'unlisted', 'private'],
  /** `VideoStatus.license`. */
  licenses: ['youtube', 'creativeCommon'],
  /**
   * The Video resource's parts (the schema's properties but `kind` and `etag`), accepted in `part`.
   * Only the first ones carry values an insert sets; the others are read-only and answered when present.
   */
  parts: [
    'snippet',
    'status',
    'recordingDetails',
    'localizations',
    'paidProductPlacementDetails',
    'id',
    'contentDetails',
    'fileDetails',
    'liveStreamingDetails',
    'player',
    'processingDetails',
    'statistics',
    'suggestions',
    'topicDetails',
    'ageGating',
    'brandPartner',
    'monetizationDetails',
    'projectDetails',
  ],
} as const;

export const OAUTH = {
  /** Google answers `expires_in: 3599`. */
  accessTtlSeconds: 3599,
  /** A published app's refresh token does not expire by age; ten years stands for that. */
  refreshTtlSeconds: 10 * 365 * 24 * 3600,
} as const;

/** How long a fresh upload stays `uploaded` before it is `processed`. */
export const PROCESSING_MS = 1000;

/**
 * The API's daily quota per project, reset at midnight Pacific time: 10,000 units for reads (a list costs 1),
 * and videos.insert in a bucket of its own of 100 calls (the reference's newer figure).
 */
export const QUOTA = { dailyUnits: 10_000, listCost: 1, dailyUploads: 100 } as const;
