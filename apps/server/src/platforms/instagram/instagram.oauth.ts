import { expiresIn } from '../base-adapter';
import type { AccountProfile, ExchangeInput, TokenSet } from '../platform-adapter';
import { PlatformError } from '../platform-error';
import type { GraphHttp } from '../meta/graph-http';
import { recast, type PermissionHints } from '../meta/meta.errors';

export const INSTAGRAM_SCOPES = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_insights',
  // The first comment (POST /{ig-media-id}/comments); optional: a grant without it still publishes.
  'instagram_business_manage_comments',
] as const;

const PUBLISH = ['instagram_business_content_publish'];

/**
 * The permission of each call (Instagram Platform: IG User for the profile, Content Publishing for the
 * container, its upload, status and media_publish, IG Media Insights for the figures), for naming the one a
 * refusal went without (meta.errors.ts).
 */
export const INSTAGRAM_PERMISSIONS: PermissionHints = {
  scopes: INSTAGRAM_SCOPES,
  steps: {
    profile: ['instagram_business_basic'],
    container: PUBLISH,
    upload: PUBLISH,
    status: PUBLISH,
    create: PUBLISH,
    permalink: ['instagram_business_basic'],
    metrics: ['instagram_business_manage_insights'],
    comment: ['instagram_business_manage_comments'],
  },
};

const CODE_URL = 'https://api.instagram.com/oauth/access_token';
const LONG_LIVED_URL = 'https://graph.instagram.com/access_token';
const REFRESH_URL = 'https://graph.instagram.com/refresh_access_token';

interface Credentials {
  clientId: string;
  clientSecret: string;
}

/**
 * The code gives a token valid for an hour; it is traded at once for the long-lived one (60 days), which
 * is what is kept. Instagram issues no refresh token: the long-lived token refreshes itself.
 */
export async function exchangeInstagramCode(
  http: GraphHttp,
  creds: Credentials,
  input: ExchangeInput,
): Promise<TokenSet> {
  const res = await http.request('oauth.token', CODE_URL, {
    form: {
      client_id: creds.clientId,
      client_secret: creds.clientSecret,
      grant_type: 'authorization_code',
      redirect_uri: input.redirectUri,
      code: input.code,
    },
  });
  // Newer answers wrap the grant in `data: [...]`.
  const raw = res.body as { access_token?: string; permissions?: unknown; data?: unknown[] } | undefined;
  const grant = (Array.isArray(raw?.data) ? raw.data[0] : raw) as typeof raw;
  if (typeof grant?.access_token !== 'string') throw http.unrecognized('oauth.token', res);
  const scopes = permissionList(grant.permissions);
  const long = await http.graph<TokenAnswer>('oauth.long_lived', LONG_LIVED_URL, grant.access_token, {
    query: { grant_type: 'ig_exchange_token', client_secret: creds.clientSecret },
  });
  return tokenSet(http, 'oauth.long_lived', long, scopes.length ? scopes : [...INSTAGRAM_SCOPES]);
}

/** A new long-lived token from the current one. A dead token cannot be refreshed: connect again. */
export async function refreshInstagramToken(http: GraphHttp, tokens: TokenSet): Promise<TokenSet> {
  try {
    const answer = await http.graph<TokenAnswer>('oauth.refresh', REFRESH_URL, tokens.accessToken, {
      query: { grant_type: 'ig_refresh_token' },
    });
    return tokenSet(http, 'oauth.refresh', answer, tokens.scopes);
  } catch (err) {
    if (!(err instanceof PlatformError)) throw err;
    if (err.kind === 'auth_expired') throw recast(err, 'disconnected');
    // A token younger than 24 hours cannot be refreshed yet, and needs no refresh: keep it while it lasts.
    if (err.kind === 'rejected' && tokens.expiresAt && tokens.expiresAt.getTime() > Date.now()) return tokens;
    throw err;
  }
}

export async function instagramProfile(http: GraphHttp, tokens: TokenSet): Promise<AccountProfile> {
  const me = await http.graph<{
    user_id?: string | number;
    username?: string;
    name?: string;
    profile_picture_url?: string;
  }>('profile', 'me', tokens.accessToken, { query: { fields: 'user_id,username,name,profile_picture_url' } });
  if (me.user_id === undefined || me.user_id === null)
    throw http.unrecognized('profile', undefined, 'a profile without user_id');
  const userId = String(me.user_id);
  return {
    accountId: userId,
    name: me.name || me.username || userId,
    avatarUrl: me.profile_picture_url ?? null,
    extra: { igUserId: userId, ...(me.username ? { username: me.username } : {}) },
  };
}

interface TokenAnswer {
  access_token?: string;
  token_type?: string;
  expires_in?: number;
}

function tokenSet(http: GraphHttp, step: string, answer: TokenAnswer, scopes: string[]): TokenSet {
  if (typeof answer.access_token !== 'string')
    throw http.unrecognized(step, undefined, 'a token answer without access_token');
  const expiresAt = expiresIn(answer.expires_in);
  return { accessToken: answer.access_token, expiresAt, refreshExpiresAt: expiresAt, scopes };
}

function permissionList(p: unknown): string[] {
  if (Array.isArray(p)) return p.map(String);
  if (typeof p === 'string')
    return p
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return [];
}
