import { expiresIn } from '../base-adapter';
import type { AuthorizeInput, TokenSet } from '../platform-adapter';

export const GOOGLE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/**
 * Uploading, and reading the channel and its videos back (processing status, statistics); youtube.force-ssl for
 * the first comment (commentThreads.insert names only that scope), optional: a grant without it still publishes.
 */
export const YOUTUBE_SCOPES = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/youtube.force-ssl',
] as const;

export function youtubeAuthorizeUrl(base: string, clientId: string, input: AuthorizeInput): string {
  const url = new URL(base);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', YOUTUBE_SCOPES.join(' '));
  // offline + consent: Google sends a refresh token, also when the person had granted the app before.
  url.searchParams.set('access_type', 'offline');
  url.searchParams.set('prompt', 'consent');
  url.searchParams.set('state', input.state);
  if (input.codeChallenge) {
    url.searchParams.set('code_challenge', input.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.toString();
}

export interface GoogleTokenAnswer {
  access_token?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  scope?: unknown;
  error?: unknown;
}

/** Google sends no new refresh token on a refresh: the stored one is kept. */
export function googleTokenSet(answer: GoogleTokenAnswer, previous?: TokenSet): TokenSet | undefined {
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
        ? answer.scope.split(/\s+/).filter(Boolean)
        : (previous?.scopes ?? [...YOUTUBE_SCOPES]),
  };
}
