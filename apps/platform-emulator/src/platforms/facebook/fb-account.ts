/** The sandbox's Facebook user, who signs in on the dialog, and the two Pages they manage. */
export const FB_ACCOUNT = {
  userId: '100000000000042',
  name: 'Sandbox Demo User',
  firstName: 'Sandbox',
  lastName: 'Demo User',
  email: 'sandbox.demo@example.com',
} as const;

export interface FbPage {
  id: string;
  name: string;
  username: string;
  category: string;
}

/**
 * A user may manage several Pages, and `/me/accounts` lists them all, each with its own Page token (reference
 * §Facebook "OAuth"); the sandbox user manages two, so a person can connect either or both.
 */
export const FB_PAGES: readonly FbPage[] = [
  { id: '100000000000501', name: 'Fanout Sandbox Page', username: 'fanoutsandbox', category: 'Media/news company' },
  { id: '100000000000502', name: 'Fanout Sandbox Studio', username: 'fanoutstudio', category: 'Video creator' },
];

export const FB_PAGE = FB_PAGES[0]!;

export const fbPage = (id: string | undefined) => FB_PAGES.find((p) => p.id === id);

/** Facebook's limits in one table (Facebook Login, Page videos and Reels). */
export const FB_LIMITS = {
  /** A user token from the code exchange ("about an hour or two"). */
  shortTokenSeconds: 7200,
  longTokenSeconds: 60 * 24 * 3600,
  /** Page tokens got with a long-lived user token do not expire. */
  pageTokenSeconds: 100 * 365 * 24 * 3600,
  maxVideoBytes: 2 * 1024 ** 3,
  reelsPerDay: 30,
  reelsWindowMs: 24 * 3600_000,
  scheduleMinMs: 10 * 60_000,
  scheduleMaxMs: 180 * 24 * 3600_000,
} as const;

export const FB_SCOPES = [
  'public_profile',
  'email',
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_posts',
  'pages_manage_engagement',
  'pages_manage_metadata',
  'pages_read_user_content',
  'read_insights',
  'business_management',
  'publish_video',
  'instagram_basic',
  'instagram_content_publish',
  'instagram_manage_insights',
  'instagram_manage_comments',
] as const;

export const isFbUser = (id: string | undefined) => id === 'me' || id === FB_ACCOUNT.userId;
