import { basicAuth, expiresIn } from '../base-adapter';
import type { AccountProfile, ExchangeInput, TokenSet } from '../platform-adapter';
import { PlatformError } from '../platform-error';
import { bearer, X_API, type XHttp } from './x.http';

export const X_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'] as const;

const TOKEN_URL = `${X_API}/oauth2/token`;

interface Credentials {
  clientId: string;
  clientSecret: string;
}

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
}

/** Code + PKCE verifier → tokens; the app authenticates with Basic auth (a confidential client). */
export async function exchangeXCode(http: XHttp, creds: Credentials, input: ExchangeInput): Promise<TokenSet> {
  if (!input.codeVerifier)
    throw new PlatformError(http.platform, 'rejected', 'x oauth.token: the PKCE verifier is missing', {
      step: 'oauth.token',
    });
  const answer = await http.json<TokenAnswer>('oauth.token', TOKEN_URL, {
    headers: { authorization: basicAuth(creds.clientId, creds.clientSecret) },
    form: {
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
    },
  });
  return tokenSet(http, 'oauth.token', answer, undefined);
}

/** X rotates refresh tokens: the answer's replaces the old one, which stops working. */
export async function refreshXToken(http: XHttp, creds: Credentials, tokens: TokenSet): Promise<TokenSet> {
  if (!tokens.refreshToken)
    throw new PlatformError(http.platform, 'disconnected', 'x oauth.refresh: no refresh token was granted', {
      step: 'oauth.refresh',
    });
  const answer = await http.json<TokenAnswer>('oauth.refresh', TOKEN_URL, {
    headers: { authorization: basicAuth(creds.clientId, creds.clientSecret) },
    form: { grant_type: 'refresh_token', refresh_token: tokens.refreshToken },
  });
  return tokenSet(http, 'oauth.refresh', answer, tokens);
}

function tokenSet(http: XHttp, step: string, answer: TokenAnswer, previous: TokenSet | undefined): TokenSet {
  if (typeof answer.access_token !== 'string')
    throw http.unrecognized(step, undefined, 'a token answer without access_token');
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? previous?.refreshToken,
    expiresAt: expiresIn(answer.expires_in),
    scopes: answer.scope ? answer.scope.split(/[\s,]+/).filter(Boolean) : (previous?.scopes ?? [...X_SCOPES]),
  };
}

export async function xProfile(http: XHttp, tokens: TokenSet): Promise<AccountProfile> {
  const answer = await http.json<{
    data?: { id?: string; name?: string; username?: string; profile_image_url?: string };
  }>('profile', `${X_API}/users/me`, {
    headers: bearer(tokens.accessToken),
    query: { 'user.fields': 'profile_image_url' },
  });
  const user = answer.data;
  if (!user?.id || !user.username) throw http.unrecognized('profile', undefined, 'a user without id or username');
  return {
    accountId: user.id,
    name: user.name || user.username,
    avatarUrl: user.profile_image_url ?? null,
    extra: { userId: user.id, username: user.username },
  };
}
