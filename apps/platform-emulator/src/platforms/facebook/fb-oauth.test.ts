import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide, startMeta, type TestMeta } from '../meta/meta-test-support';
import { facebook } from '.';
import { bearer, CLIENT, dialogUrl, graph, longUserToken, PAGE, REDIRECT, userToken } from './fb-test-support';

let t: TestMeta;
beforeAll(async () => {
  t = await startMeta([facebook]);
});
afterAll(() => t.stop());

const exchange = (q: Record<string, string>) =>
  t.call('GET', graph(t, `/oauth/access_token?${new URLSearchParams(q)}`));

describe('Facebook Login', () => {
  it('approve: code and state come back (with #_=_); the code is good once, for the same redirect_uri', async () => {
    const back = await decide(t, dialogUrl(t), 'approve');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('fb-state');
    expect(back.hash).toBe('#_=_');
    const code = back.searchParams.get('code')!;
    expect((await exchange({ ...CLIENT, redirect_uri: `${REDIRECT}?x=1`, code })).body.error).toMatchObject({
      code: 100,
      error_subcode: 36008,
    });
    expect((await exchange({ ...CLIENT, client_secret: 'no', redirect_uri: REDIRECT, code })).body.error).toMatchObject(
      {
        code: 1,
        message: 'Error validating client secret.',
      },
    );
    expect((await exchange({ ...CLIENT, client_id: '123', redirect_uri: REDIRECT, code })).body.error.code).toBe(101);
    const ok = await exchange({ ...CLIENT, redirect_uri: REDIRECT, code });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'bearer', expires_in: 7200 });
    expect((await exchange({ ...CLIENT, redirect_uri: REDIRECT, code })).body.error).toMatchObject({
      error_subcode: 36009,
    });

    const me = await t.call('GET', graph(t, '/me?fields=id,name,picture'), { headers: bearer(ok.body.access_token) });
    expect(me.body).toMatchObject({ id: '100000000000042', name: 'Sandbox Demo User' });
    expect(me.body.picture.data.url).toContain('/_avatar/facebook/');
  });

  it('deny: access_denied with user_denied, error_code 200, a description and the state', async () => {
    const back = await decide(t, dialogUrl(t), 'deny');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'access_denied',
      error_reason: 'user_denied',
      error_description: 'Permissions error',
      error_code: '200',
      state: 'fb-state',
    });
  });

  it('unknown scopes and apps get an error page; the dialog takes any version or none', async () => {
    expect((await t.call('GET', dialogUrl(t, { scope: 'pages_show_list,publish_actions' }))).status).toBe(400);
    expect((await t.call('GET', dialogUrl(t, { client_id: '42' }))).status).toBe(400);
    const bare = dialogUrl(t).replace('/v23.0/', '/');
    expect((await t.call('GET', bare)).status).toBe(200);
  });

  it('fb_exchange_token: a 60-day user token; its Page token from /me/accounts does not expire', async () => {
    const long = await longUserToken(t);
    const accounts = await t.call('GET', graph(t, '/me/accounts?fields=id,name,access_token,picture'), {
      headers: bearer(long),
    });
    expect(accounts.status).toBe(200);
    const page = accounts.body.data[0];
    expect(page).toMatchObject({ id: PAGE, name: 'Fanout Sandbox Page' });
    expect(page.picture.data.url).toContain('/_avatar/facebook/');
    const again = await t.call('GET', graph(t, '/me/accounts?fields=access_token'), { headers: bearer(long) });
    expect(again.body.data[0].access_token).toBe(page.access_token);

    const asPage = await t.call('GET', graph(t, '/me?fields=id,name'), { headers: bearer(page.access_token) });
    expect(asPage.body).toEqual({ id: PAGE, name: 'Fanout Sandbox Page' });

    t.clock.now += 61 * 24 * 3600_000;
    expect((await t.call('GET', graph(t, '/me'), { headers: bearer(long) })).body.error).toMatchObject({
      code: 190,
      error_subcode: 463,
    });
    expect((await t.call('GET', graph(t, `/${PAGE}?fields=name`), { headers: bearer(page.access_token) })).status).toBe(
      200,
    );
  });

  it('a Page token from a short-lived user token lives as long as it; /me/accounts needs pages_show_list', async () => {
    const short = await userToken(t);
    const pageToken = (await t.call('GET', graph(t, '/me/accounts?fields=access_token'), { headers: bearer(short) }))
      .body.data[0].access_token;
    t.clock.now += 7201_000;
    expect((await t.call('GET', graph(t, '/me'), { headers: bearer(pageToken) })).body.error.code).toBe(190);

    const narrow = await userToken(t, 'pages_manage_posts');
    expect((await t.call('GET', graph(t, '/me/accounts'), { headers: bearer(narrow) })).body.error.code).toBe(10);
    expect((await t.call('GET', graph(t, '/me?fields=nickname'), { headers: bearer(narrow) })).body.error.message).toBe(
      '(#100) Tried accessing nonexisting field (nickname) on node type (User)',
    );
  });
});
