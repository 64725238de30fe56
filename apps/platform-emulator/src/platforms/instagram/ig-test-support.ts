import { sandboxApp } from '../../core/oauth';
import { decide, form, type TestMeta } from '../meta/meta-test-support';

const app = sandboxApp('instagram');
export const CLIENT = { client_id: app.clientId, client_secret: app.clientSecret };
export const REDIRECT = 'http://127.0.0.1:9/api/oauth/instagram/callback';
export const ALL_SCOPES =
  'instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights';

export function authorizeUrl(t: TestMeta, extra: Record<string, string> = {}) {
  const q = new URLSearchParams({
    client_id: CLIENT.client_id,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: ALL_SCOPES,
    state: 'st-123',
    ...extra,
  });
  return t.url('api.instagram.com', `/oauth/authorize?${q}`);
}

/** Approve on the authorize page (as the first account, or the one `account` names) and exchange the code: the
 * short-lived token answer. */
export async function shortToken(t: TestMeta, scope = ALL_SCOPES, account?: string) {
  const back = await decide(t, authorizeUrl(t, { scope }), 'approve', account ? { account } : {});
  const res = await t.call(
    'POST',
    t.url('api.instagram.com', '/oauth/access_token'),
    form({ ...CLIENT, grant_type: 'authorization_code', redirect_uri: REDIRECT, code: back.searchParams.get('code')! }),
  );
  if (res.status !== 200) throw new Error(`code exchange answered ${res.status}: ${res.text}`);
  return res.body as { access_token: string; user_id: number; permissions: string[] };
}

/** A long-lived token, as a connection keeps it. */
export async function longToken(t: TestMeta, scope = ALL_SCOPES, account?: string): Promise<string> {
  const short = await shortToken(t, scope, account);
  const q = new URLSearchParams({
    grant_type: 'ig_exchange_token',
    client_secret: CLIENT.client_secret,
    access_token: short.access_token,
  });
  const res = await t.call('GET', t.url('graph.instagram.com', `/access_token?${q}`));
  if (res.status !== 200) throw new Error(`long-lived exchange answered ${res.status}: ${res.text}`);
  return res.body.access_token;
}

export const graph = (t: TestMeta, pathAndQuery: string) => t.url('graph.instagram.com', `/v23.0${pathAndQuery}`);
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
