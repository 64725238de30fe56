import { sandboxApp } from '../../core/oauth';
import { decide, type TestMeta } from '../meta/meta-test-support';

const app = sandboxApp('facebook');
export const CLIENT = { client_id: app.clientId, client_secret: app.clientSecret };
export const REDIRECT = 'http://127.0.0.1:9/api/oauth/facebook/callback';
export const SCOPES = 'pages_show_list,pages_read_engagement,pages_manage_posts,publish_video,read_insights';
export const PAGE = '100000000000501';
export const APP = app.clientId;

export function dialogUrl(t: TestMeta, extra: Record<string, string> = {}) {
  const q = new URLSearchParams({
    client_id: CLIENT.client_id,
    redirect_uri: REDIRECT,
    state: 'fb-state',
    scope: SCOPES,
    response_type: 'code',
    ...extra,
  });
  return t.url('www.facebook.com', `/v23.0/dialog/oauth?${q}`);
}

export const graph = (t: TestMeta, pathAndQuery: string) => t.url('graph.facebook.com', `/v23.0${pathAndQuery}`);
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Dialog → code exchange: a short-lived user token. */
export async function userToken(t: TestMeta, scope = SCOPES): Promise<string> {
  const back = await decide(t, dialogUrl(t, { scope }), 'approve');
  const q = new URLSearchParams({ ...CLIENT, redirect_uri: REDIRECT, code: back.searchParams.get('code')! });
  const res = await t.call('GET', graph(t, `/oauth/access_token?${q}`));
  if (res.status !== 200) throw new Error(`code exchange answered ${res.status}: ${res.text}`);
  return res.body.access_token;
}

export async function longUserToken(t: TestMeta, scope = SCOPES): Promise<string> {
  const short = await userToken(t, scope);
  const q = new URLSearchParams({ ...CLIENT, grant_type: 'fb_exchange_token', fb_exchange_token: short });
  const res = await t.call('GET', graph(t, `/oauth/access_token?${q}`));
  if (res.status !== 200) throw new Error(`long-lived exchange answered ${res.status}: ${res.text}`);
  return res.body.access_token;
}

/** The Page token a connection publishes with: the first Page of /me/accounts. */
export async function pageToken(t: TestMeta, user: string): Promise<string> {
  const res = await t.call('GET', graph(t, '/me/accounts?fields=id,name,access_token,picture'), {
    headers: bearer(user),
  });
  if (res.status !== 200) throw new Error(`/me/accounts answered ${res.status}: ${res.text}`);
  return res.body.data[0].access_token;
}
