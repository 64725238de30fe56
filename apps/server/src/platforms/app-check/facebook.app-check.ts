import { GRAPH_VERSION } from '../meta/graph-version';
import type { AppCheck, AppCheckResult } from './app-check';

/** Graph's refusals of an app: 101 unknown application id, 1 "Error validating client secret". */
const APP_REFUSED = new Set([1, 101]);

/**
 * Meta's app access token (Facebook Login "Access Tokens", App Access Tokens): `GET /oauth/access_token` with
 * `grant_type=client_credentials`. It acts for no person and posts nothing.
 */
export const checkFacebookApp: AppCheck = async ({ credentials, send }) => {
  const call = 'GET graph.facebook.com/oauth/access_token (app access token)';
  const res = await send('app_check', `https://graph.facebook.com/${GRAPH_VERSION}/oauth/access_token`, {
    query: {
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      grant_type: 'client_credentials',
    },
  });
  const error = (res.body as { error?: { code?: number; message?: string } } | undefined)?.error;
  if (res.status === 200 && !error) return { outcome: 'accepted', detail: `${call}: 200` };
  const said = `${call}: ${res.status} ${error?.message ?? ''}`.trim();
  const outcome: AppCheckResult['outcome'] = error?.code && APP_REFUSED.has(error.code) ? 'refused' : 'unknown';
  return { outcome, detail: said };
};
