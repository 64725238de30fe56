import type { EmulatorContext, FaultEnvelopes, RouteApi } from '../../core/context';
import { json } from '../../core/http';
import { authorizeHandler } from '../meta/authorize';
import { graphError, invalidParam, missingParam, tokenError } from '../meta/graph-errors';
import { readParams, type GraphParams } from '../meta/graph-params';
import { graphRoute } from '../meta/graph-routes';
import { FB_ACCOUNT, FB_LIMITS, FB_SCOPES } from './fb-account';
import { appAccessToken } from './fb-app-token';
import { withRequestFault } from '../../core/request-faults';
import { dialogPermissions, granted } from './fb-grants';

/**
 * Facebook Login: the dialog (`www.facebook.com/<ver>/dialog/oauth`), the code exchange and the long-lived
 * exchange (both `graph.facebook.com/<ver>/oauth/access_token`, told apart by `grant_type=fb_exchange_token`).
 */
export function registerFacebookOAuth(api: RouteApi, ctx: EmulatorContext, errors: FaultEnvelopes) {
  const dialog = authorizeHandler(ctx, {
    platform: 'facebook',
    platformName: 'Facebook',
    account: { id: FB_ACCOUNT.userId, name: FB_ACCOUNT.name },
    knownScopes: FB_SCOPES,
    implicitScopes: ['public_profile'],
    fragment: '#_=_',
    denyDescription: 'Permissions error',
    denyExtra: { error_code: '200' },
    asks: (g) => dialogPermissions(ctx, g),
    approved: (g) => granted(ctx, g),
    extraFields: ['auth_type'],
  });
  graphRoute(api, 'GET', 'www.facebook.com', '/dialog/oauth', 'authorize', dialog);
  graphRoute(api, 'POST', 'www.facebook.com', '/dialog/oauth', 'authorize', dialog);

  for (const method of ['GET', 'POST'])
    graphRoute(api, method, 'graph.facebook.com', '/oauth/access_token', 'oauth', async (req) => {
      const p = await readParams(req);
      const exchange = p.get('grant_type') === 'fb_exchange_token';
      const app = p.get('grant_type') === 'client_credentials';
      return withRequestFault(ctx, 'facebook', exchange ? 'long_lived' : 'token', errors, req, () =>
        exchange
          ? longLived(ctx, p)
          : app
            ? (checkApp(ctx, p) ?? appAccessToken(p.get('client_id')!))
            : codeGrant(ctx, p),
      );
    });
}

function checkApp(ctx: EmulatorContext, p: GraphParams) {
  if (!ctx.oauth.checkApp('facebook', p.get('client_id')))
    return graphError({ message: 'Error validating application. Invalid application ID.', code: 101 });
  if (!p.get('client_secret') || !ctx.oauth.checkApp('facebook', p.get('client_id'), p.get('client_secret')))
    return graphError({ message: 'Error validating client secret.', code: 1 });
  return undefined;
}

function codeGrant(ctx: EmulatorContext, p: GraphParams) {
  const grant = p.get('grant_type');
  if (grant && grant !== 'authorization_code') return invalidParam(`Unsupported grant_type ${grant}`);
  const bad = checkApp(ctx, p);
  if (bad) return bad;
  if (!p.get('redirect_uri')) return graphError({ message: 'Missing redirect_uri parameter.', code: 191 });
  if (!p.get('code')) return missingParam('code');
  const redeemed = ctx.oauth.redeemCode(p.get('code'), {
    platform: 'facebook',
    clientId: p.get('client_id'),
    redirectUri: p.get('redirect_uri'),
  });
  if (!redeemed.ok)
    return redeemed.reason === 'redirect_uri_mismatch'
      ? graphError({
          message:
            'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
          code: 100,
          subcode: 36008,
        })
      : graphError({ message: 'This authorization code has been used or has expired.', code: 100, subcode: 36009 });
  return issue(ctx, redeemed.code, 'short', FB_LIMITS.shortTokenSeconds);
}

function longLived(ctx: EmulatorContext, p: GraphParams) {
  const bad = checkApp(ctx, p);
  if (bad) return bad;
  const presented = p.get('fb_exchange_token');
  if (!presented) return missingParam('fb_exchange_token');
  const check = ctx.oauth.check('facebook', presented);
  if (!check.ok) return tokenError(check, ctx.now(), ctx.oauth.accessTokens.get(presented));
  if (check.token.meta?.kind === 'page')
    return invalidParam('fb_exchange_token must be a user access token; Page tokens come from /me/accounts');
  return issue(ctx, check.token, 'long', FB_LIMITS.longTokenSeconds);
}

function issue(
  ctx: EmulatorContext,
  from: { accountId: string; clientId: string; scopes: string[] },
  kind: 'short' | 'long',
  ttlSeconds: number,
) {
  const token = ctx.oauth.issueAccess({
    platform: 'facebook',
    accountId: from.accountId,
    clientId: from.clientId,
    scopes: from.scopes,
    ttlSeconds,
    meta: { kind },
  });
  return json(200, { access_token: token.accessToken, token_type: 'bearer', expires_in: ttlSeconds });
}
