import type { EmulatorContext, RouteApi } from '../../core/context';
import type { EmuRequest, EmuResponse } from '../../core/http';
import { basicCredentials, formOrJson, registerAuthorize, type AuthorizeGrant } from '../../core/oauth-routes';
import { errorPage } from '../../core/pages';
import { accountFor, ACCOUNTS } from './accounts';
import { oauthError } from './envelopes';
import { OAUTH } from './limits';
import { KNOWN_SCOPES } from './scopes';

const AUTH_HOST = 'accounts.google.com';
const AUTH_PATH = '/o/oauth2/v2/auth';
const TOKEN_HOST = 'oauth2.googleapis.com';
/** The request parameters the authorize page carries to the decision. */
const FIELDS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'access_type',
  'prompt',
  'code_challenge',
  'code_challenge_method',
  'login_hint',
  'include_granted_scopes',
] as const;

interface GoogleGrant extends AuthorizeGrant {
  offline: boolean;
  loginHint: string | null;
}

/** Whether a code was granted with access_type=offline (it then earns a refresh token). */
interface CodeGrant {
  code: string;
  offline: boolean;
}

const googlePage = (status: number, error: string, message: string) =>
  errorPage(status, `Access blocked: Error ${status}: ${error}`, message);

/** Checks an authorize request as Google does; a bad one gets Google's error page, not a redirect. */
function readAuthorize(ctx: EmulatorContext, p: URLSearchParams): GoogleGrant | EmuResponse {
  const clientId = p.get('client_id');
  if (!ctx.oauth.checkClient(clientId)) return googlePage(401, 'invalid_client', 'The OAuth client was not found.');
  const redirectUri = p.get('redirect_uri') ?? '';
  if (!/^https?:\/\/[^/]/.test(redirectUri) || !URL.canParse(redirectUri))
    return googlePage(400, 'redirect_uri_mismatch', `The redirect URI in the request, ${redirectUri}, is not allowed.`);
  if (p.get('response_type') !== 'code')
    return googlePage(
      400,
      'unsupported_response_type',
      `Unsupported response_type: ${p.get('response_type') ?? '(none)'}`,
    );
  const scopes = (p.get('scope') ?? '').split(/\s+/).filter(Boolean);
  if (!scopes.length) return googlePage(400, 'invalid_request', 'Missing required parameter: scope');
  const unknown = scopes.filter((s) => !KNOWN_SCOPES.includes(s));
  if (unknown.length)
    return googlePage(400, 'invalid_scope', `Some requested scopes were invalid. {invalid=[${unknown.join(', ')}]}`);
  const accessType = p.get('access_type') ?? 'online';
  if (!['online', 'offline'].includes(accessType))
    return googlePage(400, 'invalid_request', `Invalid access_type: ${accessType}`);
  const challenge = p.get('code_challenge') ?? undefined;
  const method = p.get('code_challenge_method') ?? (challenge ? 'plain' : undefined);
  if (method && !['S256', 'plain'].includes(method))
    return googlePage(400, 'invalid_request', `Invalid code_challenge_method: ${method}`);
  if (challenge !== undefined && !/^[A-Za-z0-9._~-]{43,128}$/.test(challenge))
    return googlePage(400, 'invalid_request', 'Invalid code_challenge.');
  if (method && !challenge) return googlePage(400, 'invalid_request', 'Missing code_challenge.');
  return {
    clientId: clientId!,
    redirectUri,
    scopes,
    state: p.get('state'),
    offline: accessType === 'offline',
    codeChallenge: challenge,
    codeChallengeMethod: challenge ? method : undefined,
    loginHint: p.get('login_hint'),
  };
}

/** Client credentials from HTTP Basic auth or the body (Google takes either). */
function clientOf(req: EmuRequest, p: URLSearchParams): { id: string | null; secret: string | null } {
  return basicCredentials(req.headers.authorization) ?? { id: p.get('client_id'), secret: p.get('client_secret') };
}

export function registerOAuth(api: RouteApi, ctx: EmulatorContext) {
  const grants = ctx.store.collection<CodeGrant>('youtube.codes');

  registerAuthorize(api, ctx, {
    platform: 'youtube',
    platformName: 'YouTube',
    hosts: [AUTH_HOST],
    path: AUTH_PATH,
    fields: FIELDS,
    read: (params) => readAuthorize(ctx, params),
    action: (host) => `/${host}${AUTH_PATH}`,
    account: (grant) => {
      const channel = accountFor(grant.loginHint);
      return { id: channel.id, name: `${channel.title} (${channel.email})` };
    },
    accounts: () => ACCOUNTS.map((a) => ({ id: a.id, name: `${a.title} (${a.email})` })),
    deniedDescription: 'The user denied access.',
    approved: (grant, code) => {
      grants.set(code.code, { code: code.code, offline: grant.offline });
      return { code: code.code, scope: grant.scopes.join(' '), state: grant.state };
    },
  });

  api.route('POST', TOKEN_HOST, '/token', 'token', async (req) => {
    const p = await formOrJson(req);
    const client = clientOf(req, p);
    if (!client.id) return oauthError(400, 'invalid_request', 'Could not determine client ID from request.');
    if (!ctx.oauth.checkClient(client.id)) return oauthError(401, 'invalid_client', 'The OAuth client was not found.');
    if (!client.secret) return oauthError(400, 'invalid_request', 'client_secret is missing.');
    if (!ctx.oauth.checkClient(client.id, client.secret)) return oauthError(401, 'invalid_client', 'Unauthorized');
    const grantType = p.get('grant_type');
    if (grantType === 'authorization_code') {
      if (!p.get('code')) return oauthError(400, 'invalid_request', 'Missing required parameter: code');
      const r = ctx.oauth.redeemCode(p.get('code'), {
        platform: 'youtube',
        clientId: client.id,
        redirectUri: p.get('redirect_uri'),
        codeVerifier: p.get('code_verifier'),
      });
      if (!r.ok) {
        if (r.reason === 'invalid_client') return oauthError(401, 'invalid_client', 'Unauthorized');
        if (r.reason === 'redirect_uri_mismatch') return oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
        return oauthError(
          400,
          'invalid_grant',
          r.reason === 'invalid_verifier' ? 'Invalid code verifier.' : 'Bad Request',
        );
      }
      const { accountId, scopes } = r.code;
      const refresh = grants.get(r.code.code)?.offline
        ? ctx.oauth.issueRefresh({
            platform: 'youtube',
            accountId,
            clientId: client.id,
            scopes,
            ttlSeconds: OAUTH.refreshTtlSeconds,
          })
        : undefined;
      grants.delete(r.code.code);
      return tokenAnswer(ctx, { accountId, clientId: client.id, scopes }, refresh?.refreshToken, true);
    }
    if (grantType === 'refresh_token') {
      const refresh = ctx.oauth.liveRefresh('youtube', p.get('refresh_token'));
      if (!refresh || refresh.clientId !== client.id)
        return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
      return tokenAnswer(ctx, refresh, refresh.refreshToken, false);
    }
    return oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
  });

  // Revoking either token of a grant ends the whole grant.
  api.route('POST', TOKEN_HOST, '/revoke', 'token', async (req) => {
    const token = req.query.get('token') ?? (await formOrJson(req)).get('token');
    const access = token ? ctx.oauth.accessTokens.get(token) : undefined;
    const refreshToken =
      access?.platform === 'youtube' ? access.refreshToken : ctx.oauth.liveRefresh('youtube', token)?.refreshToken;
    if (!refreshToken && access?.platform !== 'youtube')
      return oauthError(400, 'invalid_token', 'Token expired or revoked');
    if (refreshToken) ctx.oauth.revokeRefresh(refreshToken);
    for (const [id, t] of ctx.oauth.accessTokens.entries())
      if (t.platform === 'youtube' && (id === token || (refreshToken && t.refreshToken === refreshToken)))
        ctx.oauth.accessTokens.update(id, (x) => (x.revoked = true));
    return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{}' };
  });
}

function tokenAnswer(
  ctx: EmulatorContext,
  grant: { accountId: string; clientId: string; scopes: string[] },
  refreshToken: string | undefined,
  withRefresh: boolean,
): EmuResponse {
  const { accountId, clientId, scopes } = grant;
  const access = ctx.oauth.issueAccess({
    platform: 'youtube',
    accountId,
    clientId,
    scopes,
    ttlSeconds: OAUTH.accessTtlSeconds,
    refreshToken,
  });
  return {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: {
      access_token: access.accessToken,
      expires_in: OAUTH.accessTtlSeconds,
      ...(withRefresh && refreshToken ? { refresh_token: refreshToken } : {}),
      scope: scopes.join(' '),
      token_type: 'Bearer',
    },
  };
}
