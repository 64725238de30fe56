/** The one creator who signs in on the emulated TikTok, and the figures TikTok documents. */
export const CREATOR = {
  openId: '-000SandboxCreator7f3aOpenId',
  unionId: 'sandbox-creator-union-9c1d',
  username: 'fanout.sandbox',
  displayName: 'Fanout Sandbox',
  bio: 'A sandbox creator on the emulated TikTok.',
  followers: 1200,
  following: 180,
  likes: 8400,
  videos: 42,
};

export const TIKTOK_SCOPES = [
  'user.info.basic',
  'user.info.profile',
  'user.info.stats',
  'video.list',
  'video.publish',
  'video.upload',
] as const;

const MB = 1024 * 1024;

/** TikTok's limits in one place (Content Posting API reference). */
export const LIMITS = {
  accessTtlSeconds: 24 * 3600,
  refreshTtlSeconds: 365 * 24 * 3600,
  titleMaxUtf16: 2200,
  minChunk: 5 * MB,
  maxChunk: 64 * MB,
  maxLastChunk: 128 * MB,
  maxChunks: 1000,
  maxVideoBytes: 4 * 1024 * MB,
  maxVideoPostDurationSec: 600,
  /** How long a complete upload stays in processing before it is published. */
  processingMs: 300,
  maxQueryIds: 20,
  /** Unaudited Direct Post clients: users who may post through the app in 24 hours (Content Sharing Guidelines). */
  unauditedUsersPerDay: 5,
};

export const PRIVACY_LEVEL_OPTIONS = [
  'PUBLIC_TO_EVERYONE',
  'MUTUAL_FOLLOW_FRIENDS',
  'FOLLOWER_OF_CREATOR',
  'SELF_ONLY',
];

export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];

/** `https://www.tiktok.com/@<username>/video/<id>` as served by the emulator. */
export const postPath = (id: string) => `/@${CREATOR.username}/video/${id}`;
