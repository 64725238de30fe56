/**
 * X's figures in one place: the OpenAPI document's enums and bounds (../shared/contracts/x/openapi.json, which
 * the contract tests compare these to) and the reference's limits.
 */
export const MEDIA = {
  /** InitializeMediaUploadRequest.media_category. */
  categories: [
    'amplify_video',
    'tweet_gif',
    'tweet_image',
    'tweet_video',
    'dm_gif',
    'dm_image',
    'dm_video',
    'subtitles',
  ],
  /** MediaUploadRequest.media_category (the one-request upload). */
  oneShotCategories: ['tweet_image', 'tweet_video', 'tweet_gif', 'dm_image', 'dm_video', 'dm_gif', 'subtitles'],
  /** InitializeMediaUploadRequest.media_type. */
  types: [
    'video/mp4',
    'video/webm',
    'video/mp2t',
    'video/quicktime',
    'text/srt',
    'text/vtt',
    'image/jpeg',
    'image/gif',
    'image/bmp',
    'image/png',
    'image/webp',
    'image/pjpeg',
    'image/tiff',
    'model/gltf-binary',
    'model/vnd.usdz+zip',
  ],
  /** InitializeMediaUploadRequest.total_bytes maximum (16 GB, the premium ceiling). */
  maxTotalBytes: 17_179_869_184,
  /** AppendMediaUploadRequest.segment_index bounds. */
  segmentIndexMax: 999,
  /** Each appended segment at most 5 MB (AppendMediaUploadRequest; X's chunked-upload guide). */
  segmentMaxBytes: 5 * 1024 * 1024,
  /** An upload session lasts a day. */
  expiresAfterSecs: 86_400,
  /** What finalize and each status answer tell a client to wait. */
  checkAfterSecs: 1,
  /** At most four media on a post, and a video or GIF only alone. */
  perPost: 4,
} as const;

/**
 * Size limits by kind, from X's media page (docs.x.com/x-api/media/introduction, "Size restrictions for
 * uploading via API"): image 5 MB, GIF 15 MB, video 512 MB (stated with media_category=amplify_video, the
 * category of X's chunked-upload quickstart; no other video figure is documented, so it holds for every video
 * category). The 8 GB of X Premium is the apps' upload size, not the API's.
 */
export const SIZE_LIMITS = {
  video: 512 * 1024 * 1024,
  gif: 15 * 1024 * 1024,
  image: 5 * 1024 * 1024,
  other: MEDIA.maxTotalBytes,
} as const;

export const TEXT = {
  maxWeightedLength: 280,
  /** twitter-text v3: a URL counts as 23, characters outside the light ranges (CJK, emoji…) as 2. */
  urlLength: 23,
} as const;

export const OAUTH = {
  accessTtlSeconds: 7200,
  refreshTtlSeconds: 180 * 24 * 3600,
} as const;

/** Requests per user per 15-minute window, per endpoint (the reference; X's docs for the look-ups). */
export const RATE_WINDOW_MS = 15 * 60_000;
export const RATE_LIMITS = {
  'POST /2/tweets': 100,
  /** initialize, append and finalize share the upload commands' limit. */
  'POST /2/media/upload': 1875,
  'GET /2/media/upload': 1000,
  /** Not in the reference's table: counted with the upload commands' figure. */
  'POST /2/media/subtitles': 1875,
  'GET /2/users/me': 75,
  'GET /2/users/:id/tweets': 900,
  'GET /2/tweets': 900,
} as const;
export type RateLimited = keyof typeof RATE_LIMITS;
