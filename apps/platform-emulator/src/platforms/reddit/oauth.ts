import type { EmulatorContext, RouteApi } from '../../core/context';
import { json, redirect, type EmuResponse } from '../../core/http';
import { authorizePage, errorPage } from '../../core/pages';
import { LIMITS, REDDIT_SCOPES, REDDITOR } from './accounts';
import { apiRoute, badUserAgent, httpError, type RateCounter } from './envelopes';

const AUTHORIZE_PATH = '/api/v1/authorize';
const AUTHORIZE_FIELDS = ['client_id', 'response_type', 'state', 'redirect_uri', 'duration', 'scope'];

/** Whether a code was granted with `duration=permanent` (which brings a refresh token). */
const durations = (ctx: EmulatorContext) => ctx.store.collection<{ permanent: boolean }>('reddit.codes');

type AuthorizeRequest =
  { ok: true; fields: Record<string, string>; scopes: string[] } | { ok: false; page: EmuResponse };

function readAuthorize(ctx: EmulatorContext, params: URLSearchParams): AuthorizeRequest {
  const fail = (message: string): AuthorizeRequest => ({
    ok: false,
    page: errorPage(400, 'Reddit: bad request', message),
  });
  const fields: Record<string, string> = {};
  for (const name of AUTHORIZE_FIELDS) {
    const value = params.get(name);
    if (value !== null) fields[name] = value;
  }
  if (!ctx.oauth.checkClient(fields.client_id)) return fail('client_id: invalid client id.');
  if (fields.response_type !== 'code') return fail('response_type: must be "code".');
  if (!isHttpUrl(fields.redirect_uri)) return fail('redirect_uri: a registered http(s) redirect URI is required.');
  if (!fields.state) return fail('state: required.');
  if (fields.duration !== undefined && !['temporary', 'permanent'].includes(fields.duration))
    return fail('duration: "temporary" or "permanent".');
  const scopes = (fields.scope ?? '').split(/[\s,]+/).filter(Boolean);
  if (!scopes.length) return fail('scope: at least one scope is required.');
  const unknown = scopes.filter((s) => !(REDDIT_SCOPES as readonly string[]).includes(s));
  if (unknown.length) return fail(`scope: invalid scope requested: ${unknown.join(', ')}.`);
  return { ok: true, fields, scopes };
}

function isHttpUrl(value: string | undefined): value is string {
  if (!value) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function back(redirectUri: string, params: Record<string, string | undefined>): EmuResponse {
  const target = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) target.searchParams.set(k, v);
  return redirect(target.toString());
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
  api.route('GET', 'www.reddit.com', AUTHORIZE_PATH, 'authorize', (req) => {
    const request = readAuthorize(ctx, req.query);
    if (!request.ok) return request.page;
    return authorizePage({
      platformName: 'Reddit',
      appName: 'Fanout',
      accountName: `u/${REDDITOR.name}`,
      scopes: request.scopes,
      action: ctx.pageUrl('www.reddit.com', AUTHORIZE_PATH),
      fields: request.fields,
    });
  });

  api.route('POST', 'www.reddit.com', AUTHORIZE_PATH, 'authorize', async (req) => {
    const form = await req.form();
    const request = readAuthorize(ctx, form);
    if (!request.ok) return request.page;
    const { fields, scopes } = request;
    const decision = form.get('decision');
    if (decision === 'deny')
      return back(fields.redirect_uri!, {
        error: 'access_denied',
        error_description: 'The user chose not to grant the app access.',
        state: fields.state,
      });
    if (decision !== 'approve') return errorPage(400, 'Reddit: no decision', 'decision: approve or deny.');
    const code = ctx.oauth.issueCode({
      platform: 'reddit',
      clientId: fields.client_id!,
      redirectUri: fields.redirect_uri!,
      scopes,
      accountId: REDDITOR.id,
    });
    durations(ctx).set(code.code, { permanent: fields.duration === 'permanent' });
    return back(fields.redirect_uri!, { state: fields.state, code: code.code });
  });

  // Reddit answers a bad grant with HTTP 200 and `{"error": "invalid_grant"}`; a bad client with 401.
  api.route('POST', 'www.reddit.com', '/api/v1/access_token', 'token', async (req) => {
    const ua = badUserAgent(req);
    if (ua) return ua;
    const client = basicAuth(req.headers.authorization);
    if (!client || !ctx.oauth.checkClient(client.id, client.secret)) return httpError(401, 'Unauthorized');
    const form = await req.form();
    const grantType = form.get('grant_type');

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

  apiRoute(api, ctx, counter, { method: 'GET', path: '/api/v1/me', step: 'me', scope: 'identity' }, () =>
    json(200, {
      id: REDDITOR.id,
      name: REDDITOR.name,
      icon_img: ctx.avatarUrl('reddit', REDDITOR.id),
      snoovatar_img: '',
      created: REDDITOR.createdUtc,
      created_utc: REDDITOR.createdUtc,
      link_karma: REDDITOR.linkKarma,
      comment_karma: REDDITOR.commentKarma,
      total_karma: REDDITOR.linkKarma + REDDITOR.commentKarma,
      has_verified_email: true,
      verified: true,
      over_18: false,
      is_gold: false,
      is_mod: false,
      subreddit: { display_name: `u_${REDDITOR.name}`, display_name_prefixed: `u/${REDDITOR.name}`, over_18: false },
    }),
  );
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
