import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT_ID } from '../../core/oauth';
import { publishes } from './publishes';
import { call, connect, initBody, MB, published, putChunk, startTikTok, stop, type Emu } from './tiktok.test-helpers';

let emu: Emu;
beforeAll(async () => (emu = await startTikTok()));
afterAll(() => stop(emu));
beforeEach(async () => {
  await fetch(`${emu.url}/_control/reset`, { method: 'POST' });
});

const control = (path: string, body: object) =>
  fetch(`${emu.url}/_control/${path}`, { method: 'POST', body: JSON.stringify(body) });
const unaudited = () => control('app-stage', { platform: 'tiktok', audited: false });
const privateAccounts = () => control('account-privacy', { platform: 'tiktok', private: true });

/** init → the one chunk → published: the item the emulator recorded. */
async function post(token: string, postInfo: object) {
  const bytes = randomBytes(MB);
  const body = initBody(bytes.length);
  const res = await call(emu, token, 'POST', '/v2/post/publish/video/init/', {
    ...body,
    post_info: { ...body.post_info, ...postInfo },
  });
  if (res.error.code !== 'ok') return { refused: res, item: undefined, publishId: undefined };
  const { publish_id, upload_url } = res.data as Record<string, string>;
  expect((await putChunk(upload_url!, bytes, 0, bytes.length)).status).toBe(201);
  emu.clock.t += 1000;
  const status = await call(emu, token, 'POST', '/v2/post/publish/status/fetch/', { publish_id });
  const id = (status.data.publicaly_available_post_id as string[])[0];
  const item = (await published(emu)).find((i) => i.id === id) as { privacy?: string } | undefined;
  return { refused: undefined, item, publishId: publish_id! };
}

/** A token of another TikTok user for the sandbox app (the authorize page signs in one creator only). */
function tokenOf(accountId: string): string {
  return emu.ctx.oauth.issueAccess({
    platform: 'tiktok',
    accountId,
    clientId: SANDBOX_CLIENT_ID,
    scopes: ['video.publish'],
    ttlSeconds: 3 * 24 * 3600,
  }).accessToken;
}

describe('TikTok Direct Post audit stage (Content Sharing Guidelines, "Direct Post API")', () => {
  it('an audited app (the default) posts with the privacy asked for', async () => {
    const { access_token } = await connect(emu);
    const { item } = await post(access_token, { privacy_level: 'PUBLIC_TO_EVERYONE' });
    expect(item?.privacy).toBe('PUBLIC_TO_EVERYONE');
  });

  it('an unaudited app may not post to a public account: 403 unaudited_client_can_only_post_to_private_accounts', async () => {
    const { access_token } = await connect(emu);
    await unaudited();
    const { refused } = await post(access_token, { privacy_level: 'SELF_ONLY' });
    expect(refused?.status).toBe(403);
    expect(refused?.error.code).toBe('unaudited_client_can_only_post_to_private_accounts');
  });

  it("an unaudited app's post from a private account is SELF_ONLY whatever it asked for", async () => {
    const { access_token } = await connect(emu);
    await unaudited();
    await privateAccounts();
    const info = await call(emu, access_token, 'POST', '/v2/post/publish/creator_info/query/', {});
    expect(info.data.privacy_level_options).toEqual(['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY']);
    const { item } = await post(access_token, { privacy_level: 'FOLLOWER_OF_CREATOR' });
    expect(item?.privacy).toBe('SELF_ONLY');
  });

  it('an unaudited app posts for at most 5 users in 24 hours: the 6th is reached_active_user_cap', async () => {
    await unaudited();
    await privateAccounts();
    const users = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6'].map(tokenOf);
    for (const token of users.slice(0, 5)) expect((await post(token, {})).item?.privacy).toBe('SELF_ONLY');
    const { refused } = await post(users[5]!, {});
    expect(refused?.status).toBe(403);
    expect(refused?.error.code).toBe('reached_active_user_cap');
    // One of the five posts again; a day later the sixth may post.
    expect((await post(users[0]!, {})).item).toBeDefined();
    emu.clock.t += 24 * 3600_000;
    expect((await post(users[5]!, {})).item).toBeDefined();
  });

  it('switches per app: another client id keeps its own stage', async () => {
    await control('app-stage', { platform: 'tiktok', clientId: 'another-app', audited: false });
    const { access_token } = await connect(emu);
    expect((await post(access_token, { privacy_level: 'MUTUAL_FOLLOW_FRIENDS' })).item?.privacy).toBe(
      'MUTUAL_FOLLOW_FRIENDS',
    );
    expect((await control('app-stage', { platform: 'tiktok', audited: 'no' })).status).toBe(400);
  });
});

describe('TikTok commercial content disclosure (Content Sharing Guidelines, "Required UX Implementation" 3)', () => {
  it('keeps the brand toggles of post_info with the post', async () => {
    const { access_token } = await connect(emu);
    const { publishId } = await post(access_token, {
      privacy_level: 'PUBLIC_TO_EVERYONE',
      brand_organic_toggle: true,
      brand_content_toggle: true,
    });
    expect(publishes(emu.ctx).get(publishId!)).toMatchObject({ brandOrganic: true, brandContent: true });
  });

  it('refuses branded content that is SELF_ONLY', async () => {
    const { access_token } = await connect(emu);
    const { refused } = await post(access_token, { privacy_level: 'SELF_ONLY', brand_content_toggle: true });
    expect(refused?.status).toBe(400);
    expect(refused?.error.message).toMatch(/Branded content visibility cannot be set to private/);
  });
});
