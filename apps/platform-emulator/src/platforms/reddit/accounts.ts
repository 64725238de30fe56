/** The redditors who may sign in on the emulated Reddit (the first chosen to start with), the communities, and Reddit's figures. */
export interface Redditor {
  id: string;
  name: string;
  createdUtc: number;
  linkKarma: number;
  commentKarma: number;
}

export const REDDITORS: readonly Redditor[] = [
  { id: '1sbx7fz', name: 'fanout_sandbox', createdUtc: 1_577_836_800, linkKarma: 120, commentKarma: 45 },
  { id: '2sbx9kq', name: 'second_creator', createdUtc: 1_609_459_200, linkKarma: 33, commentKarma: 12 },
];

export const REDDITOR = REDDITORS[0]!;

/** The redditor an account id names (the first one for an id that is none of theirs). */
export const redditorOf = (id: string) => REDDITORS.find((r) => r.id === id) ?? REDDITOR;

/** Communities one may post to, besides the redditor's own profile (`u_<name>`). */
/** r/clips requires a flair on every post (community-rules.ts). */
export const SUBREDDITS = ['test', 'videos', 'sandbox', 'fanout', 'clips'];

export const REDDIT_SCOPES = [
  'account',
  'creddits',
  'edit',
  'flair',
  'history',
  'identity',
  'livemanage',
  'modconfig',
  'modcontributors',
  'modflair',
  'modlog',
  'modmail',
  'modothers',
  'modposts',
  'modself',
  'modwiki',
  'mysubreddits',
  'privatemessages',
  'read',
  'report',
  'save',
  'structuredstyles',
  'submit',
  'subscribe',
  'vote',
  'wikiedit',
  'wikiread',
] as const;

const MB = 1024 * 1024;

/** Reddit's limits in one place. */
export const LIMITS = {
  accessTtlSeconds: 3600,
  /** `duration=permanent` refresh tokens do not expire; ten years stands for that. */
  refreshTtlSeconds: 10 * 365 * 24 * 3600,
  titleMax: 300,
  /** Requests per OAuth client and user in one window, and the window (X-Ratelimit-*). */
  requestsPerWindow: 600,
  windowSeconds: 600,
  maxVideoBytes: 1024 * MB,
  maxImageBytes: 20 * MB,
  listingDefault: 25,
  listingMax: 100,
};

/** The S3-like upload hosts: videos and images go to buckets of their own. */
export const VIDEO_HOST = 'reddit-uploaded-video.s3-accelerate.amazonaws.com';
export const IMAGE_HOST = 'reddit-uploaded-media.s3-accelerate.amazonaws.com';
export const WS_HOST = 'ws-sandbox.wss.redditmedia.com';

export const MIME_TYPES: Record<string, { ext: string; kind: 'video' | 'image' }> = {
  'video/mp4': { ext: 'mp4', kind: 'video' },
  'video/quicktime': { ext: 'mov', kind: 'video' },
  'image/jpeg': { ext: 'jpeg', kind: 'image' },
  'image/png': { ext: 'png', kind: 'image' },
  'image/gif': { ext: 'gif', kind: 'image' },
};

/**
 * `u_<name>` (the profile of `me`, the one posting) or a known community, in its canonical spelling; undefined
 * when none exists.
 */
export function findSubreddit(sr: string, me: Redditor = REDDITOR): string | undefined {
  const name = sr
    .replace(/^\/?r\//i, '')
    .trim()
    .toLowerCase();
  if (name === `u_${me.name}`.toLowerCase()) return `u_${me.name}`;
  return SUBREDDITS.find((s) => s === name);
}
