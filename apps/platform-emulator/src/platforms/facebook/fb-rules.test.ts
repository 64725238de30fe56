import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxApp } from '../../core/oauth';
import { instagram } from '../instagram';
import { authorizeUrl, CLIENT as IG_CLIENT } from '../instagram/ig-test-support';
import { decide, form, startMeta, type TestMeta } from '../meta/meta-test-support';
import { facebook } from '.';
import { APP, bearer, CLIENT, dialogUrl, graph, longUserToken, PAGE, pageToken, REDIRECT } from './fb-test-support';

// The rules the documents set per product, per call and per token kind (fb-calls.ts, ig-calls.ts, core/oauth.ts),
// each broken once: the platform's own error comes back, never a success.
let t: TestMeta;
beforeAll(async () => {
  t = await startMeta([facebook, instagram]);
});
afterAll(() => t.stop());

const session = (token: string) =>
  t.call('POST', graph(t, `/${APP}/uploads?file_length=4&file_type=video/mp4`), { headers: bearer(token) });
const createVideo = (token: string, handle: string) =>
  t.call('POST', graph(t, `/${PAGE}/videos`), {
    ...form({ fbuploader_video_file_chunk: handle, description: 'rules' }),
    headers: { ...form({}).headers, ...bearer(token) },
  });

async function handleFor(user: string) {
  const id = (await session(user)).body.id as string;
  const sent = await t.call('POST', graph(t, `/${id}`), {
    headers: { authorization: `OAuth ${user}`, file_offset: '0' },
    body: Buffer.alloc(4, 3),
  });
  return sent.body.h as string;
}

describe('Meta products sign in with ids of their own', () => {
  it("Instagram Login refuses the Meta app's id, and Facebook Login the Instagram app's", async () => {
    expect(sandboxApp('instagram').clientId).not.toBe(sandboxApp('facebook').clientId);
    const igWithFbId = await t.call('GET', authorizeUrl(t, { client_id: CLIENT.client_id }));
    expect(igWithFbId.status).toBe(400);
    expect(igWithFbId.text).toContain('Invalid App ID');
    const fbWithIgId = await t.call('GET', dialogUrl(t, { client_id: IG_CLIENT.client_id }));
    expect(fbWithIgId.status).toBe(400);

    // A code got with the right id cannot be traded with the other product's secret.
    const back = await decide(t, authorizeUrl(t), 'approve');
    const traded = await t.call(
      'POST',
      t.url('api.instagram.com', '/oauth/access_token'),
      form({
        ...CLIENT,
        grant_type: 'authorization_code',
        redirect_uri: REDIRECT,
        code: back.searchParams.get('code')!,
      }),
    );
    expect(traded.status).toBe(400);
    expect(traded.body.error_message).toBe('Invalid platform app');
  });
});

describe('Instagram: every call takes the Instagram user token of Instagram Login', () => {
  it("a Facebook user or Page token is not one: Graph's (#190) invalid token", async () => {
    const user = await longUserToken(t);
    for (const token of [user, await pageToken(t, user)]) {
      const me = await t.call('GET', t.url('graph.instagram.com', '/v23.0/me?fields=user_id'), {
        headers: bearer(token),
      });
      expect(me.status).toBe(400);
      expect(me.body.error).toMatchObject({ code: 190, type: 'OAuthException' });
    }
  });
});

describe('Facebook: the token kind and permissions of each call', () => {
  it('the upload session takes the user token; a Page token is refused with (#102)', async () => {
    const user = await longUserToken(t);
    const page = await pageToken(t, user);
    const refused = await session(page);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 102, type: 'OAuthException' });
    expect((await session(user)).body.id).toMatch(/^upload:/);
  });

  it('a Page video needs publish_video: without it, (#100) No permission to publish the video', async () => {
    const user = await longUserToken(t, 'pages_show_list,pages_read_engagement,pages_manage_posts');
    const page = await pageToken(t, user);
    const res = await createVideo(page, await handleFor(user));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 100, message: '(#100) No permission to publish the video' });
    // A Reel needs no publish_video (Reels Publishing API), so the same Page token starts one.
    const reel = await t.call('POST', graph(t, `/${PAGE}/video_reels`), {
      ...form({ upload_phase: 'start' }),
      headers: { ...form({}).headers, ...bearer(page) },
    });
    expect(reel.status, reel.text).toBe(200);
  });

  it('a Reel needs pages_manage_posts: without it, (#200) naming the permission', async () => {
    const user = await longUserToken(t, 'pages_show_list,pages_read_engagement');
    const page = await pageToken(t, user);
    const reel = await t.call('POST', graph(t, `/${PAGE}/video_reels`), {
      ...form({ upload_phase: 'start' }),
      headers: { ...form({}).headers, ...bearer(page) },
    });
    expect(reel.body.error).toMatchObject({ code: 200 });
    expect(reel.body.error.message).toContain('pages_manage_posts');
  });

  it('a permission removed is gone from every token, asked again only with auth_type=rerequest', async () => {
    const user = await longUserToken(t);
    const page = await pageToken(t, user);
    const removed = await t.call('DELETE', graph(t, '/me/permissions/publish_video'), { headers: bearer(user) });
    expect(removed.body).toEqual({ success: true });
    const perms = await t.call('GET', graph(t, '/me/permissions'), { headers: bearer(user) });
    expect(perms.body.data).toContainEqual({ permission: 'publish_video', status: 'declined' });
    expect((await createVideo(page, await handleFor(user))).body.error.code).toBe(100);

    // The dialog leaves the declined permission out, unless re-requested.
    const asked = '<li><code>publish_video</code></li>';
    expect((await t.call('GET', dialogUrl(t))).text).not.toContain(asked);
    expect((await t.call('GET', dialogUrl(t, { auth_type: 'rerequest' }))).text).toContain(asked);
    const fresh = await pageToken(t, await longUserTokenRerequested());
    expect((await createVideo(fresh, await handleFor(user))).status).toBe(200);
  });
});

/** A new grant through the dialog with auth_type=rerequest. */
async function longUserTokenRerequested() {
  const back = await decide(t, dialogUrl(t, { auth_type: 'rerequest' }), 'approve');
  const q = new URLSearchParams({ ...CLIENT, redirect_uri: REDIRECT, code: back.searchParams.get('code')! });
  return (await t.call('GET', graph(t, `/oauth/access_token?${q}`))).body.access_token as string;
}
