import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { TwitterApi, type ITwitterApiClientPlugin } from 'twitter-api-v2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../core/oauth';
import { decide, REDIRECT, startX, type TestX } from './test-helpers';

// twitter-api-v2 against the emulator. The library has no base-URL option that works here: its OAuth URLs
// are fixed, and it picks a request's body encoding from the path (`/2/…` → JSON), so a prefix set with
// `setPrefix` makes it send forms. What works is one small plugin that moves each request, once encoded for
// the real address, to the emulator's; and, as the emulator speaks plain HTTP while the library calls
// https.request, its documented `httpAgent` setting with a plain HTTP agent.
let t: TestX;
beforeEach(async () => {
  t = await startX();
});
afterEach(() => t.stop());

const toEmulator = (t: TestX): ITwitterApiClientPlugin => ({
  onBeforeRequest: ({ computedParams }) => {
    const real = computedParams.url;
    if (real.origin === 'https://api.x.com')
      computedParams.url = new URL(`${t.emu.url}/api.x.com${real.pathname}${real.search}`);
  },
});

async function signIn() {
  const app = new TwitterApi(
    { clientId: SANDBOX_CLIENT_ID, clientSecret: SANDBOX_CLIENT_SECRET },
    { plugins: [toEmulator(t)], httpAgent: new http.Agent() },
  );
  const link = app.generateOAuth2AuthLink(REDIRECT, {
    scope: ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'],
  });
  expect(link.url.startsWith('https://x.com/i/oauth2/authorize?')).toBe(true);
  const back = await decide(link.url.replace('https://x.com/', `${t.emu.url}/x.com/`), 'approve');
  expect(back.searchParams.get('state')).toBe(link.state);
  const login = await app.loginWithOAuth2({
    code: back.searchParams.get('code')!,
    codeVerifier: link.codeVerifier,
    redirectUri: REDIRECT,
  });
  return { app, ...login };
}

describe('twitter-api-v2 against the emulator', () => {
  it('signs in with PKCE, uploads a video in segments, waits for processing, posts it and finds it', async () => {
    const { client, refreshToken, expiresIn } = await signIn();
    expect(expiresIn).toBe(7200);
    expect(refreshToken).toBeTruthy();
    const me = await client.v2.me({ 'user.fields': ['profile_image_url'] });
    expect(me.data.username).toBe('fanout_demo');

    const bytes = randomBytes(200_000);
    const mediaId = await client.v2.uploadMedia(
      bytes,
      { media_type: 'video/mp4', media_category: 'tweet_video' },
      64 * 1024,
    );
    const posted = await client.v2.tweet({ text: 'Posted by twitter-api-v2', media: { media_ids: [mediaId] } });
    expect(posted.data.text).toBe('Posted by twitter-api-v2');

    const timeline = await client.v2.userTimeline(me.data.id, {
      expansions: ['attachments.media_keys'],
      'tweet.fields': ['attachments', 'created_at'],
    });
    expect(timeline.tweets[0]!.id).toBe(posted.data.id);
    expect(timeline.includes.media[0]!.type).toBe('video');
    expect(timeline.rateLimit.limit).toBe(900);
    const single = await client.v2.singleTweet(posted.data.id, { 'tweet.fields': ['public_metrics'] });
    expect(single.data.public_metrics?.impression_count).toEqual(expect.any(Number));

    const { items } = (await (await fetch(`${t.emu.url}/_control/published`)).json()) as { items: { bytes: number }[] };
    expect(items[0]!.bytes).toBe(bytes.length);
  });

  it('refreshes with rotation, and surfaces X errors as ApiResponseError', async () => {
    const { app, client, refreshToken } = await signIn();
    const refreshed = await app.refreshOAuth2Token(refreshToken!);
    expect(refreshed.refreshToken).not.toBe(refreshToken);
    await expect(app.refreshOAuth2Token(refreshToken!)).rejects.toMatchObject({ code: 400 });

    await client.v2.tweet('same words');
    await expect(client.v2.tweet('same words')).rejects.toMatchObject({
      code: 403,
      data: { detail: 'You are not allowed to create a Tweet with duplicate content.' },
    });
  });
});
