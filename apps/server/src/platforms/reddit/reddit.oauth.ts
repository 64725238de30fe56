import { expiresIn } from '../base-adapter';
import type { AuthorizeInput, TokenSet } from '../platform-adapter';

export const REDDIT_AUTHORIZE_URL = 'https://www.reddit.com/api/v1/authorize';
export const REDDIT_TOKEN_URL = 'https://www.reddit.com/api/v1/access_token';
export const REDDIT_API = 'https://oauth.reddit.com';

/** Who the account is, posting, and reading posts back (look-up, status, metrics). */
/** `mysubreddits`: the communities the person joined, offered where they type one (publishOptions). */
/** `flair`: a community's link flairs (link_flair_v2), to choose one where the community requires it. */
export const REDDIT_SCOPES = ['identity', 'submit', 'read', 'history', 'mysubreddits', 'flair'] as const;

export function redditAuthorizeUrl(base: string, clientId: string, input: AuthorizeInput): string {
  const url = new URL(base);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', input.state);
  url.searchParams.set('redirect_uri', input.redirectUri);
  // A refresh token comes only with a permanent grant.
  url.searchParams.set('duration', 'permanent');
  url.searchParams.set('scope', REDDIT_SCOPES.join(' '));
  return url.toString();
}

export interface RedditTokenAnswer {
  access_token?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  scope?: unknown;
  error?: unknown;
}

/** A refresh answer keeps the refresh token it was made with (Reddit does not send one back). */
export function redditTokenSet(answer: RedditTokenAnswer, previous?: TokenSet): TokenSet | undefined {
  if (typeof answer.access_token !== 'string' || !answer.access_token) return undefined;
  const refreshToken =
    typeof answer.refresh_token === 'string' && answer.refresh_token ? answer.refresh_token : undefined;
  return {
    accessToken: answer.access_token,
    refreshToken: refreshToken ?? previous?.refreshToken,
    expiresAt: expiresIn(answer.expires_in),
    refreshExpiresAt: previous?.refreshExpiresAt,
    scopes:
      typeof answer.scope === 'string'
        ? answer.scope.split(/[,\s]+/).filter(Boolean)
        : (previous?.scopes ?? [...REDDIT_SCOPES]),
  };
}
