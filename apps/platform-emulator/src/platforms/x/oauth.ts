import type { EmulatorContext, RouteApi } from '../../core/context';
import { json, type EmuRequest, type EmuResponse } from '../../core/http';
import type { RefreshToken } from '../../core/oauth';
import { basicCredentials, formOrJson, registerAuthorize, type AuthorizeGrant } from '../../core/oauth-routes';
import { errorPage } from '../../core/pages';
import { ACCOUNTS } from './accounts';
import { OAUTH } from './limits';
import { oauthError } from './problems';
import { KNOWN_SCOPES } from './scopes';

const AUTH_PATH = '/i/oauth2/authorize';
const FIELDS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
];

const xPage = (message: string) =>
  errorPage(400, 'Something went wrong', `You weren't able to give access to the App. ${message}`);

/** X's checks of an authorize request; PKCE is always required (S256, or plain which X also accepts). */
function readAuthorize(ctx: EmulatorContext, p: URLSearchParams): AuthorizeGrant | EmuResponse {
  if (!ctx.oauth.checkClient(p.get('client_id'))) return xPage('Unknown client_id.');
  const redirectUri = p.get('redirect_uri') ?? '';
  if (!/^https?:\/\/[^/]/.test(redirectUri) || !URL.canParse(redirectUri)) return xPage('Invalid redirect_uri.');
  if (p.get('response_type') !== 'code') return xPage('response_type must be code.');
  const scopes = (p.get('scope') ?? '').split(/\s+/).filter(Boolean);
  const unknown = scopes.filter((s) => !KNOWN_SCOPES.includes(s));
  if (!scopes.length || unknown.length) return xPage(`Invalid scope: ${unknown.join(' ') || '(none)'}.`);
  const state = p.get('state');
  if (!state || state.length > 500) return xPage('Missing or too long state.');
  const challenge = p.get('code_challenge');
  // X reads the method without regard to case (twitter-api-v2 sends `s256`).
  const asked = (p.get('code_challenge_method') ?? 'plain').toLowerCase();
  const method = asked === 's256' ? 'S256' : asked;
  if (!challenge) return xPage('Missing code_challenge: PKCE is required.');
  if (!['S256', 'plain'].includes(method)) return xPage('code_challenge_method must be S256 or plain.');
  return {
    clientId: p.get('client_id')!,
    redirectUri,
    scopes,
    state,
    codeChallenge: challenge,
    codeChallengeMethod: method,
  };
}

/** A confidential client authenticates with Basic auth; a public one names itself with client_id. */
function clientOf(ctx: EmulatorContext, req: EmuRequest, form: URLSearchParams): { id: string } | EmuResponse {
  const basic = basicCredentials(req.headers.authorization);
  if (basic) {
    if (!ctx.oauth.checkClient(basic.id, basic.secret))
      return oauthError(401, 'unauthorized_client', 'Missing valid authorization header');
    return { id: basic.id };
  }
  const clientId = form.get('client_id');
  if (!clientId) return oauthError(401, 'unauthorized_client', 'Missing valid authorization header');
  if (!ctx.oauth.checkClient(clientId))
    return oauthError(400, 'invalid_request', 'Value passed for the client_id was invalid.');
  return { id: clientId };
}

export function registerOAuth(api: RouteApi, ctx: EmulatorContext) {
  const account = ACCOUNTS[0]!;
  registerAuthorize(api, ctx, {
    platform: 'x',
    platformName: 'X',
    hosts: ['x.com', 'twitter.com'],
    path: AUTH_PATH,
    fields: FIELDS,
    read: (params) => readAuthorize(ctx, params),
    action: (host) => `/${host}${AUTH_PATH}`,
    account: () => ({ id: account.id, name: `${account.name} (@${account.username})` }),
    // X's own sign-in lets a person switch accounts; the sandbox has two to continue as.
    accounts: () => ACCOUNTS.map((a) => ({ id: a.id, name: `${a.name} (@${a.username})` })),
    deniedDescription: 'The user denied the request.',
    approved: (grant, code) => ({ state: grant.state, code: code.code }),
  });

  api.route('POST', 'api.x.com', '/2/oauth2/token', 'token', async (req) => {
    const form = await formOrJson(req);
    const client = clientOf(ctx, req, form);
    if (!('id' in client)) return client;
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      for (const name of ['code', 'redirect_uri', 'code_verifier'])
        if (!form.get(name)) return oauthError(400, 'invalid_request', `Missing required parameter [${name}].`);
      const r = ctx.oauth.redeemCode(form.get('code'), {
        platform: 'x',
        clientId: client.id,
        redirectUri: form.get('redirect_uri'),
        codeVerifier: form.get('code_verifier'),
      });
      if (!r.ok)
        return oauthError(
          400,
          'invalid_request',
          r.reason === 'redirect_uri_mismatch'
            ? 'Value passed for the redirect uri did not match the uri of the authorization code.'
            : 'Value passed for the authorization code was invalid.',
        );
      return issue(ctx, { accountId: r.code.accountId, clientId: client.id, scopes: r.code.scopes });
    }
    if (grantType === 'refresh_token') {
      const old = ctx.oauth.liveRefresh('x', form.get('refresh_token'));
      if (!old || old.clientId !== client.id)
        return oauthError(400, 'invalid_request', 'Value passed for the token was invalid.');
      // Rotation: the refresh token used is spent.
      ctx.oauth.revokeRefresh(old.refreshToken);
      return issue(ctx, old);
    }
    return oauthError(400, 'unsupported_grant_type', 'Grant type is not supported.');
  });

  api.route('POST', 'api.x.com', '/2/oauth2/revoke', 'token', async (req) => {
    const form = await formOrJson(req);
    const client = clientOf(ctx, req, form);
    if (!('id' in client)) return client;
    const token = form.get('token') ?? '';
    const access = ctx.oauth.accessTokens.get(token);
    if (access?.platform === 'x') ctx.oauth.accessTokens.update(token, (t) => (t.revoked = true));
    if (ctx.oauth.liveRefresh('x', token)) ctx.oauth.revokeRefresh(token);
    return json(200, { revoked: true });
  });
}

/** An access token, and a refresh token when offline.access was granted. */
function issue(ctx: EmulatorContext, grant: Pick<RefreshToken, 'accountId' | 'clientId' | 'scopes'>): EmuResponse {
  const { accountId, clientId, scopes } = grant;
  const refresh = scopes.includes('offline.access')
    ? ctx.oauth.issueRefresh({ platform: 'x', accountId, clientId, scopes, ttlSeconds: OAUTH.refreshTtlSeconds })
    : undefined;
  const access = ctx.oauth.issueAccess({
    platform: 'x',
    accountId,
    clientId,
    scopes,
    ttlSeconds: OAUTH.accessTtlSeconds,
    refreshToken: refresh?.refreshToken,
  });
  return json(200, {
    token_type: 'bearer',
    expires_in: OAUTH.accessTtlSeconds,
    access_token: access.accessToken,
    scope: scopes.join(' '),
    ...(refresh ? { refresh_token: refresh.refreshToken } : {}),
  });
}
