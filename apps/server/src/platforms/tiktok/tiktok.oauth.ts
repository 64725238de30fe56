import { expiresIn } from '../base-adapter';
import type { AuthorizeInput, TokenSet } from '../platform-adapter';

export const TIKTOK_AUTHORIZE_URL = 'https://www.tiktok.com/v2/auth/authorize/';
export const TIKTOK_TOKEN_URL = 'https://open.tiktokapis.com/v2/oauth/token/';
export const TIKTOK_USER_INFO_URL = 'https://open.tiktokapis.com/v2/user/info/';

/**
 * Direct posting, the profile, and the video list that metrics read. The username (for post addresses) needs
 * user.info.profile since TikTok's scope migration (bulletin "User Info APIs Scope Migration"): user.info.basic
 * reads only open_id, union_id, the avatars and display_name.
 */
export const TIKTOK_SCOPES = ['user.info.basic', 'user.info.profile', 'video.publish', 'video.list'] as const;

export function tiktokAuthorizeUrl(base: string, clientKey: string, input: AuthorizeInput): string {
  const url = new URL(base);
  url.searchParams.set('client_key', clientKey);
  url.searchParams.set('scope', TIKTOK_SCOPES.join(','));
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('state', input.state);
  url.searchParams.set('response_type', 'code');
  return url.toString();
}

export interface TikTokTokenAnswer {
  access_token?: unknown;
  expires_in?: unknown;
  open_id?: unknown;
  refresh_token?: unknown;
  refresh_expires_in?: unknown;
  scope?: unknown;
}

/**
 * The token endpoint's answer as a TokenSet, or undefined when it is not one. TikTok rotates refresh
 * tokens: the answer's refresh token replaces the old one, which stops working.
 */
export function tiktokTokenSet(answer: TikTokTokenAnswer, previous?: TokenSet): TokenSet | undefined {
  if (typeof answer.access_token !== 'string' || !answer.access_token) return undefined;
  const rotated = typeof answer.refresh_token === 'string' && answer.refresh_token ? answer.refresh_token : undefined;
  return {
    accessToken: answer.access_token,
    refreshToken: rotated ?? previous?.refreshToken,
    expiresAt: expiresIn(answer.expires_in),
    refreshExpiresAt: rotated ? expiresIn(answer.refresh_expires_in) : previous?.refreshExpiresAt,
    scopes:
      typeof answer.scope === 'string'
        ? answer.scope.split(/[,\s]+/).filter(Boolean)
        : (previous?.scopes ?? [...TIKTOK_SCOPES]),
  };
}
