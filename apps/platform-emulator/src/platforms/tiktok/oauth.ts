import type { EmulatorContext, RouteApi } from '../../core/context';
import type { EmuResponse } from '../../core/http';
import { isHttpUrl, registerAuthorize, type AuthorizeGrant } from '../../core/oauth-routes';
import { errorPage } from '../../core/pages';
import { CREATOR, CREATORS, creatorOf, LIMITS, TIKTOK_SCOPES, type Creator } from './accounts';
import { clientAccessToken } from './client-token';
import { apiError, authorize, invalidParams, ok, oauthError, type RateWindows } from './envelopes';
import { missingScopes, USER_FIELD_SCOPES } from './user-fields';

const AUTHORIZE_PATH = '/v2/auth/authorize/';
const AUTHORIZE_FIELDS = [
  'client_key',
  'scope',
  'redirect_uri',
  'state',
  'response_type',
  'code_challenge',
  'code_challenge_method',
];

/** A bad authorize request is shown to the person, never sent back to a redirect URI that may not be the app's. */
function readAuthorize(ctx: EmulatorContext, params: URLSearchParams): AuthorizeGrant | EmuResponse {
  const fail = (message: string) => errorPage(400, 'TikTok: this link is not valid', message);
  const clientKey = params.get('client_key');
  if (!ctx.oauth.checkClient(clientKey)) return fail('client_key: no app is registered with this client key.');
  if (params.get('response_type') !== 'code') return fail('response_type: must be "code".');
  const redirectUri = params.get('redirect_uri');
  if (!isHttpUrl(redirectUri)) return fail('redirect_uri: a registered http(s) redirect URI is required.');
  const scopes = (params.get('scope') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!scopes.length) return fail('scope: at least one scope is required.');
  const unknown = scopes.filter((s) => !(TIKTOK_SCOPES as readonly string[]).includes(s));
  if (unknown.length) return fail(`scope: unknown scope ${unknown.join(', ')}.`);
  const challenge = params.get('code_challenge') || undefined;
  if (challenge && (params.get('code_challenge_method') ?? 'S256') !== 'S256')
    return fail('code_challenge_method: must be S256.');
  return {
    clientId: clientKey!,
    redirectUri,
    scopes,
    state: params.get('state'),
    codeChallenge: challenge,
    codeChallengeMethod: challenge ? 'S256' : undefined,
  };
}

export function registerOAuth(api: RouteApi, ctx: EmulatorContext, windows: RateWindows) {
  registerAuthorize(api, ctx, {
    platform: 'tiktok',
    platformName: 'TikTok',
    hosts: ['www.tiktok.com'],
    path: AUTHORIZE_PATH,
    fields: AUTHORIZE_FIELDS,
    read: (params) => readAuthorize(ctx, params),
    action: (host) => ctx.pageUrl(host, AUTHORIZE_PATH),
    account: () => ({ id: CREATOR.openId, name: `${CREATOR.displayName} (@${CREATOR.username})` }),
    // TikTok's login lets a person switch accounts; the sandbox has two creators to continue as.
    accounts: () => CREATORS.map((c) => ({ id: c.openId, name: `${c.displayName} (@${c.username})` })),
    deniedDescription: 'The user denied the authorization request.',
    noDecisionTitle: 'TikTok: no decision',
    approved: (grant, code) => ({ code: code.code, scopes: grant.scopes.join(','), state: grant.state }),
  });

  api.route('POST', 'open.tiktokapis.com', '/v2/oauth/token/', 'token', async (req) => {
    const form = await req.form();
    const clientKey = form.get('client_key');
    const grantType = form.get('grant_type');
    if (!clientKey || !grantType) return oauthError('invalid_request', 'client_key and grant_type are required.');
    if (!ctx.oauth.checkClient(clientKey, form.get('client_secret')))
      return oauthError('invalid_client', 'Client key or secret is invalid.');
    if (grantType === 'client_credentials') return clientAccessToken();

    if (grantType === 'authorization_code') {
      const redirectUri = form.get('redirect_uri');
      if (!form.get('code') || !redirectUri)
        return oauthError('invalid_request', 'code and redirect_uri are required.');
      const redeemed = ctx.oauth.redeemCode(form.get('code'), {
        platform: 'tiktok',
        clientId: clientKey,
        redirectUri,
        codeVerifier: form.get('code_verifier'),
      });
      if (!redeemed.ok)
        return redeemed.reason === 'invalid_client'
          ? oauthError('invalid_client', 'The code was issued to another client.')
          : oauthError('invalid_grant', 'Authorization code is expired, already used or invalid.');
      return grant(ctx, clientKey, redeemed.code.accountId, redeemed.code.scopes);
    }

    if (grantType === 'refresh_token') {
      const presented = form.get('refresh_token');
      if (!presented) return oauthError('invalid_request', 'refresh_token is required.');
      const refresh = ctx.oauth.liveRefresh('tiktok', presented);
      if (!refresh || refresh.clientId !== clientKey)
        return oauthError('invalid_grant', 'Refresh token is invalid or expired.');
      // Rotation: the refresh token just used dies with this answer.
      ctx.oauth.revokeRefresh(refresh.refreshToken);
      return grant(ctx, clientKey, refresh.accountId, refresh.scopes);
    }
    return oauthError('invalid_request', `grant_type: unsupported value "${grantType}".`);
  });

  api.route('GET', 'open.tiktokapis.com', '/v2/user/info/', 'userinfo', (req) => {
    // Any user.info scope lets the token in; each field asked for is then held to its own scope.
    const auth = authorize(ctx, windows, req, 'userinfo', USER_INFO_SCOPES);
    if (!auth.ok) return auth.res;
    const fields = (req.query.get('fields') ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    if (!fields.length) return invalidParams('fields: at least one field is required.');
    const unknown = fields.filter((f) => !(f in USER_FIELD_SCOPES));
    if (unknown.length) return invalidParams(`fields: unknown field ${unknown.join(', ')}.`);
    const missing = missingScopes(fields, auth.token.scopes);
    if (missing.length)
      return apiError(
        401,
        'scope_not_authorized',
        `The user did not authorize the scope required for this request (${missing.join(', ')}).`,
      );
    const user = userFields(ctx, creatorOf(auth.token.accountId));
    return ok({ user: Object.fromEntries(fields.map((f) => [f, user[f]])) });
  });
}

const USER_INFO_SCOPES = ['user.info.basic', 'user.info.profile', 'user.info.stats'];

function userFields(ctx: EmulatorContext, creator: Creator): Record<string, unknown> {
  const avatar = ctx.avatarUrl('tiktok', creator.openId);
  return {
    open_id: creator.openId,
    union_id: creator.unionId,
    avatar_url: avatar,
    avatar_url_100: avatar,
    avatar_large_url: avatar,
    display_name: creator.displayName,
    username: creator.username,
    bio_description: creator.bio,
    profile_deep_link: ctx.pageUrl('www.tiktok.com', `/@${creator.username}`),
    is_verified: false,
    follower_count: creator.followers,
    following_count: creator.following,
    likes_count: creator.likes,
    video_count: creator.videos,
  };
}

function grant(ctx: EmulatorContext, clientId: string, accountId: string, scopes: string[]) {
  const refresh = ctx.oauth.issueRefresh({
    platform: 'tiktok',
    accountId,
    clientId,
    scopes,
    ttlSeconds: LIMITS.refreshTtlSeconds,
  });
  const access = ctx.oauth.issueAccess({
    platform: 'tiktok',
    accountId,
    clientId,
    scopes,
    ttlSeconds: LIMITS.accessTtlSeconds,
    refreshToken: refresh.refreshToken,
  });
  return {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: {
      access_token: access.accessToken,
      expires_in: LIMITS.accessTtlSeconds,
      open_id: accountId,
      refresh_token: refresh.refreshToken,
      refresh_expires_in: LIMITS.refreshTtlSeconds,
      scope: scopes.join(','),
      token_type: 'Bearer',
    },
  };
}
