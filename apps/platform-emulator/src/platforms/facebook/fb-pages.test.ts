import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { published, startMeta, videoBytes, type TestMeta } from '../meta/meta-test-support';
import { facebook } from '.';
import { bearer, graph, longUserToken, PAGE } from './fb-test-support';

const PAGE_2 = '100000000000502';
let t: TestMeta;
let tokens: Record<string, string>;
let accounts: { id: string; name: string; access_token: string; picture: { data: { url: string } } }[];

beforeAll(async () => {
  t = await startMeta([facebook]);
  const user = await longUserToken(t);
  const res = await t.call('GET', graph(t, '/me/accounts?fields=id,name,access_token,picture'), {
    headers: bearer(user),
  });
  expect(res.status, res.text).toBe(200);
  accounts = res.body.data;
  tokens = Object.fromEntries(accounts.map((a) => [a.id, a.access_token]));
});
afterAll(() => t.stop());

const form = (token: string, fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(token) },
  body: new URLSearchParams(fields).toString(),
});

describe('The sandbox user manages two Pages', () => {
  it('/me/accounts lists both Pages, each with its own name, avatar and Page token', () => {
    expect(accounts.map((a) => a.id)).toEqual([PAGE, PAGE_2]);
    expect(new Set(accounts.map((a) => a.name)).size).toBe(2);
    expect(new Set(accounts.map((a) => a.picture.data.url)).size).toBe(2);
    expect(tokens[PAGE]).not.toBe(tokens[PAGE_2]);
  });

  it('a Page token reads its own Page (and `me` is that Page), but not the other Page', async () => {
    const me = await t.call('GET', graph(t, '/me?fields=id,name'), { headers: bearer(tokens[PAGE_2]!) });
    expect(me.body).toEqual({ id: PAGE_2, name: 'Fanout Sandbox Studio' });
    const own = await t.call('GET', graph(t, `/${PAGE_2}?fields=id`), { headers: bearer(tokens[PAGE_2]!) });
    expect(own.body).toEqual({ id: PAGE_2 });
    const other = await t.call('GET', graph(t, `/${PAGE}?fields=id`), { headers: bearer(tokens[PAGE_2]!) });
    expect(other.status).toBe(400);
    expect(other.body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('Page A’s token is refused on Page B’s videos, Reels and lists; a video posted on Page 2 is Page 2’s', async () => {
    const wrongVideo = await t.call('POST', graph(t, `/${PAGE}/videos`), form(tokens[PAGE_2]!, { title: 'x' }));
    expect(wrongVideo.status).toBe(400);
    expect(wrongVideo.body.error).toMatchObject({ code: 100, error_subcode: 33 });
    const wrongReel = await t.call(
      'POST',
      graph(t, `/${PAGE_2}/video_reels`),
      form(tokens[PAGE]!, { upload_phase: 'start' }),
    );
    expect(wrongReel.body.error).toMatchObject({ code: 100, error_subcode: 33 });
    const wrongList = await t.call('GET', graph(t, `/${PAGE}/video_reels`), { headers: bearer(tokens[PAGE_2]!) });
    expect(wrongList.body.error).toMatchObject({ code: 100, error_subcode: 33 });

    const reel = await t.call(
      'POST',
      graph(t, `/${PAGE_2}/video_reels`),
      form(tokens[PAGE_2]!, { upload_phase: 'start' }),
    );
    expect(reel.status, reel.text).toBe(200);
    const bytes = videoBytes(40_000, 5);
    const sent = await t.call('POST', reel.body.upload_url, {
      headers: { authorization: `OAuth ${tokens[PAGE_2]}`, offset: '0', file_size: String(bytes.length) },
      body: bytes,
    });
    expect(sent.status, sent.text).toBe(200);
    // Page 1's token cannot finish (or read) Page 2's Reel.
    const stolen = await t.call(
      'POST',
      graph(t, `/${PAGE}/video_reels`),
      form(tokens[PAGE]!, { upload_phase: 'finish', video_id: reel.body.video_id, video_state: 'PUBLISHED' }),
    );
    expect(stolen.status).toBe(400);
    const peek = await t.call('GET', graph(t, `/${reel.body.video_id}?fields=status`), {
      headers: bearer(tokens[PAGE]!),
    });
    expect(peek.body.error).toMatchObject({ code: 100, error_subcode: 33 });
    const done = await t.call(
      'POST',
      graph(t, `/${PAGE_2}/video_reels`),
      form(tokens[PAGE_2]!, {
        upload_phase: 'finish',
        video_id: reel.body.video_id,
        video_state: 'PUBLISHED',
        description: 'On the studio Page',
      }),
    );
    expect(done.body).toEqual({ success: true });
    for (let i = 0; i < 10; i++)
      await t.call('GET', graph(t, `/${reel.body.video_id}?fields=status`), { headers: bearer(tokens[PAGE_2]!) });

    const record = (await published(t)).find((p: { id: string }) => p.id === reel.body.video_id);
    expect(record).toMatchObject({ accountId: PAGE_2 });
    const page2 = await t.call('GET', graph(t, `/${PAGE_2}/video_reels?fields=id,from`), {
      headers: bearer(tokens[PAGE_2]!),
    });
    expect(page2.body.data).toEqual([{ id: reel.body.video_id, from: { id: PAGE_2, name: 'Fanout Sandbox Studio' } }]);
    const page1 = await t.call('GET', graph(t, `/${PAGE}/video_reels?fields=id`), { headers: bearer(tokens[PAGE]!) });
    expect(page1.body.data).toEqual([]);
  });
});
