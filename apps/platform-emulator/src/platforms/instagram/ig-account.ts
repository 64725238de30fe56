/** The one Instagram professional account of the sandbox, who signs in on the authorize page. */
export const IG_ACCOUNT = {
  /** The Instagram professional account id (`user_id`): the node publishing goes to. Below 2^53, as the token
   * exchange sends it as a JSON number. */
  userId: '1784140012345678',
  /** The app-scoped id (`id` of `/me`); Graph takes it for the same node. */
  appScopedId: '27014988112233445',
  username: 'fanout.sandbox',
  name: 'Fanout Sandbox',
  biography: 'A sandbox account of the Fanout platform emulator.',
} as const;

/** Instagram's limits in one table (Instagram Login, Content Publishing API). */
export const IG_LIMITS = {
  shortTokenSeconds: 3600,
  longTokenSeconds: 60 * 24 * 3600,
  /** A long-lived token can be refreshed once it is this old. */
  refreshMinAgeMs: 24 * 3600_000,
  /** A container not published within this time is EXPIRED. */
  containerLifetimeMs: 24 * 3600_000,
  /** API-published posts per account in a rolling 24 hours. */
  publishesPerDay: 100,
  publishWindowMs: 24 * 3600_000,
  maxVideoBytes: 300 * 1024 * 1024,
  captionChars: 2200,
  captionHashtags: 30,
  captionMentions: 20,
} as const;

/** The scopes of Instagram Login for business accounts. */
export const IG_SCOPES = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_insights',
  'instagram_business_manage_comments',
  'instagram_business_manage_messages',
] as const;

export const isIgUser = (id: string | undefined) =>
  id === 'me' || id === IG_ACCOUNT.userId || id === IG_ACCOUNT.appScopedId;
