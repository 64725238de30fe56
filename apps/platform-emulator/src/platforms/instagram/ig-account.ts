/** An Instagram professional account of the sandbox, one a person may sign in as on the authorize page. */
export interface IgAccount {
  /** The Instagram professional account id (`user_id`): the node publishing goes to. Below 2^53, as the token
   * exchange sends it as a JSON number. */
  userId: string;
  /** The app-scoped id (`id` of `/me`); Graph takes it for the same node. */
  appScopedId: string;
  username: string;
  name: string;
  biography: string;
  followers: number;
  follows: number;
}

/** The sandbox's two professional accounts (the first chosen to start with on the authorize page). */
export const IG_ACCOUNTS: readonly IgAccount[] = [
  {
    userId: '1784140012345678',
    appScopedId: '27014988112233445',
    username: 'fanout.sandbox',
    name: 'Fanout Sandbox',
    biography: 'A sandbox account of the Fanout platform emulator.',
    followers: 1280,
    follows: 64,
  },
  {
    userId: '1784140087654321',
    appScopedId: '27014988556677889',
    username: 'fanout.studio',
    name: 'Fanout Studio',
    biography: 'Another sandbox account of the Fanout platform emulator.',
    followers: 415,
    follows: 37,
  },
];

export const IG_ACCOUNT = IG_ACCOUNTS[0]!;

/** The account a token was issued for (its `user_id`). */
export const igAccount = (userId: string) => IG_ACCOUNTS.find((a) => a.userId === userId);

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

/** Whether a path's node is this account: `me`, or either of its ids. */
export const isIgUser = (id: string | undefined, account: IgAccount | undefined) =>
  !!account && (id === 'me' || id === account.userId || id === account.appScopedId);

/** The sandbox account a path's node names by either of its ids. */
export const igAccountNamed = (id: string) => IG_ACCOUNTS.find((a) => a.userId === id || a.appScopedId === id);
