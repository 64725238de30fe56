/** The sandbox's Facebook user, who signs in on the dialog, and the one Page they manage. */
export const FB_ACCOUNT = {
  userId: '100000000000042',
  name: 'Sandbox Demo User',
  firstName: 'Sandbox',
  lastName: 'Demo User',
  email: 'sandbox.demo@example.com',
} as const;

export const FB_PAGE = {
  id: '100000000000501',
  name: 'Fanout Sandbox Page',
  username: 'fanoutsandbox',
  category: 'Media/news company',
} as const;

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
