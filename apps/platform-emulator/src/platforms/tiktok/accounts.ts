/** The creators who may sign in on the emulated TikTok (the first one chosen to start with), and TikTok's figures. */
export interface Creator {
  openId: string;
  unionId: string;
  username: string;
  displayName: string;
  bio: string;
  followers: number;
  following: number;
  likes: number;
  videos: number;
}

export const CREATORS: readonly Creator[] = [
  {
    openId: '-000SandboxCreator7f3aOpenId',
    unionId: 'sandbox-creator-union-9c1d',
    username: 'fanout.sandbox',
    displayName: 'Fanout Sandbox',
    bio: 'A sandbox creator on the emulated TikTok.',
    followers: 1200,
    following: 180,
    likes: 8400,
    videos: 42,
  },
  {
    openId: '-000SandboxCreator2b8eOpenId',
    unionId: 'sandbox-creator-union-4e2a',
    username: 'second.creator',
    displayName: 'Second Creator',
    bio: 'Another sandbox creator on the emulated TikTok.',
    followers: 310,
    following: 95,
    likes: 2100,
    videos: 12,
  },
];

export const CREATOR = CREATORS[0]!;

/** The creator a token's open_id names (the first one for an id that is none of theirs). */
export const creatorOf = (openId: string) => CREATORS.find((c) => c.openId === openId) ?? CREATOR;

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
export const postPath = (creator: Creator, id: string) => `/@${creator.username}/video/${id}`;
