import type { EmulatorContext, RouteApi } from '../../core/context';
import { json, type EmuResponse } from '../../core/http';
import { isHttpUrl, registerAuthorize, type AuthorizeGrant } from '../../core/oauth-routes';
import { errorPage } from '../../core/pages';
import { LIMITS, REDDIT_SCOPES, REDDITOR, REDDITORS, redditorOf } from './accounts';
import { appOnlyToken } from './app-only';
import { apiRoute, badUserAgent, httpError, type RateCounter } from './envelopes';

const AUTHORIZE_PATH = '/api/v1/authorize';
const AUTHORIZE_FIELDS = ['client_id', 'response_type', 'state', 'redirect_uri', 'duration', 'scope'];

/** Whether a code was granted with `duration=permanent` (which brings a refresh token). */
const durations = (ctx: EmulatorContext) => ctx.store.collection<{ permanent: boolean }>('reddit.codes');

interface RedditGrant extends AuthorizeGrant {
  permanent: boolean;
}

function readAuthorize(ctx: EmulatorContext, params: URLSearchParams): RedditGrant | EmuResponse {
  const fail = (message: string) => errorPage(400, 'Reddit: bad request', message);
  const clientId = params.get('client_id');
  if (!ctx.oauth.checkClient(clientId)) return fail('client_id: invalid client id.');
  if (params.get('response_type') !== 'code') return fail('response_type: must be "code".');
  const redirectUri = params.get('redirect_uri');
  if (!isHttpUrl(redirectUri)) return fail('redirect_uri: a registered http(s) redirect URI is required.');
  const state = params.get('state');
  if (!state) return fail('state: required.');
  const duration = params.get('duration');
  if (duration !== null && !['temporary', 'permanent'].includes(duration))
    return fail('duration: "temporary" or "permanent".');
  const scopes = (params.get('scope') ?? '').split(/[\s,]+/).filter(Boolean);
  if (!scopes.length) return fail('scope: at least one scope is required.');
  const unknown = scopes.filter((s) => !(REDDIT_SCOPES as readonly string[]).includes(s));
  if (unknown.length) return fail(`scope: invalid scope requested: ${unknown.join(', ')}.`);
  return { clientId: clientId!, redirectUri, scopes, state, permanent: duration === 'permanent' };
}

/** `Authorization: Basic base64(client_id:client_secret)`. */
function basicAuth(header: string | undefined): { id: string; secret: string } | undefined {
  const m = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export function registerOAuth(api: RouteApi, ctx: EmulatorContext, counter: RateCounter) {
  registerAuthorize(api, ctx, {
    platform: 'reddit',
    platformName: 'Reddit',
    hosts: ['www.reddit.com'],
    path: AUTHORIZE_PATH,
    fields: AUTHORIZE_FIELDS,
    read: (params) => readAuthorize(ctx, params),
    action: (host) => ctx.pageUrl(host, AUTHORIZE_PATH),
    account: () => ({ id: REDDITOR.id, name: `u/${REDDITOR.name}` }),
    // Reddit's login lets a person switch accounts; the sandbox has two redditors to continue as.
    accounts: () => REDDITORS.map((r) => ({ id: r.id, name: `u/${r.name}` })),
    deniedDescription: 'The user chose not to grant the app access.',
    noDecisionTitle: 'Reddit: no decision',
    approved: (grant, code) => {
      durations(ctx).set(code.code, { permanent: grant.permanent });
      return { state: grant.state, code: code.code };
    },
  });

  // Reddit answers a bad grant with HTTP 200 and `{"error": "invalid_grant"}`; a bad client with 401.
  api.route('POST', 'www.reddit.com', '/api/v1/access_token', 'token', async (req) => {
    const ua = badUserAgent(req);
    if (ua) return ua;
    const client = basicAuth(req.headers.authorization);
    if (!client || !ctx.oauth.checkClient(client.id, client.secret)) return httpError(401, 'Unauthorized');
    const form = await req.form();
    const grantType = form.get('grant_type');
    if (grantType === 'client_credentials') return appOnlyToken();

    if (grantType === 'authorization_code') {
      if (!form.get('code') || !form.get('redirect_uri')) return json(200, { error: 'invalid_request' });
      const redeemed = ctx.oauth.redeemCode(form.get('code'), {
        platform: 'reddit',
        clientId: client.id,
        redirectUri: form.get('redirect_uri'),
      });
      if (!redeemed.ok) return json(200, { error: 'invalid_grant' });
      const permanent = durations(ctx).get(redeemed.code.code)?.permanent ?? false;
      const refresh = permanent
        ? ctx.oauth.issueRefresh({
            platform: 'reddit',
            accountId: redeemed.code.accountId,
            clientId: client.id,
            scopes: redeemed.code.scopes,
            ttlSeconds: LIMITS.refreshTtlSeconds,
          }).refreshToken
        : undefined;
      return grant(ctx, client.id, redeemed.code.accountId, redeemed.code.scopes, refresh);
    }

    if (grantType === 'refresh_token') {
      const refresh = ctx.oauth.liveRefresh('reddit', form.get('refresh_token'));
      if (!refresh || refresh.clientId !== client.id) return json(200, { error: 'invalid_grant' });
      // Reddit keeps the refresh token: the same one is answered again.
      return grant(ctx, client.id, refresh.accountId, refresh.scopes, refresh.refreshToken);
    }
    return json(200, { error: 'unsupported_grant_type' });
  });

  apiRoute(api, ctx, counter, { method: 'GET', path: '/api/v1/me', step: 'me', scope: 'identity' }, (_req, token) => {
    const me = redditorOf(token.accountId);
    return json(200, {
      id: me.id,
      name: me.name,
      icon_img: ctx.avatarUrl('reddit', me.id),
      snoovatar_img: '',
      created: me.createdUtc,
      created_utc: me.createdUtc,
      link_karma: me.linkKarma,
      comment_karma: me.commentKarma,
      total_karma: me.linkKarma + me.commentKarma,
      has_verified_email: true,
      verified: true,
      over_18: false,
      is_gold: false,
      is_mod: false,
      subreddit: { display_name: `u_${me.name}`, display_name_prefixed: `u/${me.name}`, over_18: false },
    });
  });
}

function grant(ctx: EmulatorContext, clientId: string, accountId: string, scopes: string[], refreshToken?: string) {
  const access = ctx.oauth.issueAccess({
    platform: 'reddit',
    accountId,
    clientId,
    scopes,
    ttlSeconds: LIMITS.accessTtlSeconds,
    refreshToken,
  });
  return json(200, {
    access_token: access.accessToken,
    token_type: 'bearer',
    expires_in: LIMITS.accessTtlSeconds,
    scope: scopes.join(' '),
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
  });
}
