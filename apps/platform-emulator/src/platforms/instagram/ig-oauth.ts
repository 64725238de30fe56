import type { EmulatorContext, RouteApi } from '../../core/context';
import { json, type EmuRequest } from '../../core/http';
import { authorizeHandler } from '../meta/authorize';
import { graphError, tokenError } from '../meta/graph-errors';
import { readParams } from '../meta/graph-params';
import { graphRoute } from '../meta/graph-routes';
import { IG_ACCOUNT, IG_ACCOUNTS, IG_LIMITS, IG_SCOPES } from './ig-account';

/**
 * Instagram Login: the authorize page, the code exchange on api.instagram.com (which answers errors in its own
 * older shape, `{error_type, code, error_message}`), and the long-lived token exchange and refresh on
 * graph.instagram.com (Graph's envelope).
 */
export function registerInstagramOAuth(api: RouteApi, ctx: EmulatorContext) {
  const authorize = authorizeHandler(ctx, {
    platform: 'instagram',
    platformName: 'Instagram',
    account: { id: IG_ACCOUNT.userId, name: IG_ACCOUNT.username },
    // Instagram's login lets a person switch accounts; the sandbox has two professional accounts to continue as.
    accounts: IG_ACCOUNTS.map((a) => ({ id: a.userId, name: a.username })),
    knownScopes: IG_SCOPES,
    fragment: '#_',
    denyDescription: 'The user denied your request.',
  });
  for (const host of ['api.instagram.com', 'www.instagram.com']) {
    api.route('GET', host, '/oauth/authorize', 'authorize', authorize);
    api.route('POST', host, '/oauth/authorize', 'authorize', authorize);
  }

  api.route('POST', 'api.instagram.com', '/oauth/access_token', 'token', async (req) => {
    const p = await readParams(req);
    const clientId = p.get('client_id');
    for (const name of ['client_id', 'client_secret', 'grant_type', 'redirect_uri', 'code'])
      if (!p.get(name)) return legacyError(`Missing required field ${name}`);
    // The Instagram app's own id and secret (Business Login for Instagram), never the Meta app's.
    if (!ctx.oauth.checkApp('instagram', clientId)) return legacyError('Invalid platform app');
    if (!ctx.oauth.checkApp('instagram', clientId, p.get('client_secret')))
      return legacyError('Error validating client secret.');
    if (p.get('grant_type') !== 'authorization_code') return legacyError('Unsupported grant_type');
    const redeemed = ctx.oauth.redeemCode(p.get('code'), {
      platform: 'instagram',
      clientId,
      redirectUri: p.get('redirect_uri'),
    });
    if (!redeemed.ok)
      return legacyError(
        redeemed.reason === 'redirect_uri_mismatch'
          ? 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request'
          : 'Matching code was not found or was already used',
      );
    const token = ctx.oauth.issueAccess({
      platform: 'instagram',
      accountId: redeemed.code.accountId,
      clientId: clientId!,
      scopes: redeemed.code.scopes,
      ttlSeconds: IG_LIMITS.shortTokenSeconds,
      meta: { kind: 'short' },
    });
    return json(200, {
      access_token: token.accessToken,
      user_id: Number(token.accountId),
      permissions: token.scopes,
    });
  });

  graphRoute(api, 'GET', 'graph.instagram.com', '/access_token', 'long_lived', async (req) => {
    if (req.query.get('grant_type') !== 'ig_exchange_token')
      return graphError({ message: '(#100) grant_type must be ig_exchange_token', code: 100 });
    const current = liveToken(ctx, req);
    if (!current.ok) return current.response;
    // "client_secret: Your Instagram app's secret from the App Dashboard" (Instagram Platform, Access Token).
    if (!ctx.oauth.checkApp('instagram', current.token.clientId, req.query.get('client_secret') ?? ''))
      return graphError({ message: 'Error validating client secret.', code: 1 });
    if (current.token.meta?.kind !== 'short')
      return graphError({
        message: '(#100) Only a short-lived token can be exchanged; refresh a long-lived token instead.',
        code: 100,
      });
    return longLived(ctx, current.token);
  });

  graphRoute(api, 'GET', 'graph.instagram.com', '/refresh_access_token', 'refresh', (req) => {
    if (req.query.get('grant_type') !== 'ig_refresh_token')
      return graphError({ message: '(#100) grant_type must be ig_refresh_token', code: 100 });
    const current = liveToken(ctx, req);
    if (!current.ok) return current.response;
    if (current.token.meta?.kind !== 'long')
      return graphError({ message: '(#100) Only a long-lived access token can be refreshed.', code: 100 });
    const ageMs = ctx.now() - current.token.issuedAt;
    if (ageMs < IG_LIMITS.refreshMinAgeMs)
      return graphError({
        message: `(#100) The access token can be refreshed once it is at least 24 hours old; this one is ${Math.floor(ageMs / 3600_000)} hours old.`,
        code: 100,
      });
    return longLived(ctx, current.token);
  });
}

function liveToken(ctx: EmulatorContext, req: EmuRequest) {
  const presented = req.query.get('access_token') ?? req.bearer();
  const check = ctx.oauth.check('instagram', presented ?? undefined);
  if (check.ok) return check;
  const found = presented ? ctx.oauth.accessTokens.get(presented) : undefined;
  return { ok: false as const, response: tokenError(check, ctx.now(), found) };
}

function longLived(ctx: EmulatorContext, from: { accountId: string; clientId: string; scopes: string[] }) {
  const token = ctx.oauth.issueAccess({
    platform: 'instagram',
    accountId: from.accountId,
    clientId: from.clientId,
    scopes: from.scopes,
    ttlSeconds: IG_LIMITS.longTokenSeconds,
    meta: { kind: 'long' },
  });
  return json(200, { access_token: token.accessToken, token_type: 'bearer', expires_in: IG_LIMITS.longTokenSeconds });
}

/** api.instagram.com's error shape for the code exchange. */
const legacyError = (message: string) => json(400, { error_type: 'OAuthException', code: 400, error_message: message });
