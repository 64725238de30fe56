import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { form, published, startMeta, videoBytes, type TestMeta } from '../meta/meta-test-support';
import { instagram } from '.';
import { authorizeUrl, bearer, graph, longToken, shortToken } from './ig-test-support';

const FIRST = '1784140012345678';
const SECOND = '1784140087654321';
let t: TestMeta;
let first: string;
let second: string;

beforeAll(async () => {
  t = await startMeta([instagram]);
  first = await longToken(t);
  second = await longToken(t, undefined, SECOND);
});
afterAll(() => t.stop());

const post = (token: string, path: string, fields: Record<string, string> = {}) =>
  t.call('POST', graph(t, path), { ...form(fields), headers: { ...form({}).headers, ...bearer(token) } });
const get = (token: string, path: string) => t.call('GET', graph(t, path), { headers: bearer(token) });

/** A container of `user` with its bytes uploaded, polled until FINISHED. */
async function finished(token: string, user: string, fields: Record<string, string>) {
  const made = await post(token, `/${user}/media`, { upload_type: 'resumable', ...fields });
  expect(made.status, made.text).toBe(200);
  const bytes = videoBytes(30_000, 23);
  const sent = await t.call('POST', made.body.uri, {
    headers: { authorization: `OAuth ${token}`, offset: '0', file_size: String(bytes.length) },
    body: bytes,
  });
  expect(sent.status, sent.text).toBe(200);
  for (let i = 0; i < 10; i++)
    if ((await get(token, `/${made.body.id}?fields=status_code`)).body.status_code === 'FINISHED') break;
  return made.body as { id: string; uri: string };
}

const refusedAsGraph = (res: { status: number; body: { error?: unknown } }) => {
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: 100, error_subcode: 33, type: 'GraphMethodException' });
};

describe('The sandbox has two Instagram professional accounts', () => {
  it('the authorize page offers both; the second signs in and is its own profile', async () => {
    const page = await t.call('GET', authorizeUrl(t));
    expect(page.text).toContain(`name="account" value="${FIRST}" checked> fanout.sandbox`);
    expect(page.text).toContain(`name="account" value="${SECOND}"> fanout.studio`);

    const short = await shortToken(t, undefined, SECOND);
    expect(short.user_id).toBe(Number(SECOND));
    const me = await get(second, '/me?fields=id,user_id,username,name,profile_picture_url,followers_count');
    expect(me.body).toMatchObject({ user_id: SECOND, username: 'fanout.studio', name: 'Fanout Studio' });
    const firstMe = await get(first, '/me?fields=id,username,profile_picture_url');
    expect(firstMe.body.username).toBe('fanout.sandbox');
    expect(me.body.id).not.toBe(firstMe.body.id);
    expect(me.body.profile_picture_url).not.toBe(firstMe.body.profile_picture_url);
    // The app-scoped id names the same node.
    expect((await get(second, `/${me.body.id}?fields=username`)).body.username).toBe('fanout.studio');
  });

  it('a reel published with the second account’s token is recorded under it, with its username', async () => {
    const c = await finished(second, SECOND, { media_type: 'REELS', caption: 'From the studio' });
    const done = await post(second, `/${SECOND}/media_publish`, { creation_id: c.id });
    expect(done.status, done.text).toBe(200);
    const mediaId = done.body.id as string;

    const media = await get(second, `/${mediaId}?fields=owner,username,permalink`);
    expect(media.body).toMatchObject({ owner: { id: SECOND }, username: 'fanout.studio' });
    const record = (await published(t)).find((i) => i.id === mediaId);
    expect(record).toMatchObject({ platform: 'instagram', accountId: SECOND, url: media.body.permalink });
    const page = await t.call('GET', media.body.permalink);
    expect(page.status).toBe(200);
    expect(page.text).toContain('fanout.studio');

    expect((await get(second, `/${SECOND}/media?fields=id`)).body.data).toEqual([{ id: mediaId }]);
    expect((await get(first, `/${FIRST}/media?fields=id`)).body.data).toEqual([]);
    expect((await get(second, '/me?fields=media_count')).body.media_count).toBe(1);
    expect((await get(second, `/${SECOND}/content_publishing_limit`)).body.data[0].quota_usage).toBe(1);
    expect((await get(first, `/${FIRST}/content_publishing_limit`)).body.data[0].quota_usage).toBe(0);
  });

  it('a story of the second account lives under its username', async () => {
    const c = await finished(second, 'me', { media_type: 'STORIES' });
    const done = await post(second, '/me/media_publish', { creation_id: c.id });
    expect(done.status, done.text).toBe(200);
    const { permalink } = (await get(second, `/${done.body.id}?fields=permalink`)).body;
    expect(permalink).toBe(`${t.emu.url}/www.instagram.com/stories/fanout.studio/${done.body.id}/`);
    expect((await t.call('GET', permalink)).status).toBe(200);
    const elsewhere = permalink.replace('/fanout.studio/', '/fanout.sandbox/');
    expect((await t.call('GET', elsewhere)).status).toBe(404);
  });

  it('one account’s token is refused on the other’s node, containers and media, as Graph refuses', async () => {
    const theirs = await finished(second, SECOND, { media_type: 'REELS', caption: 'Not yours' });
    refusedAsGraph(await get(first, `/${SECOND}?fields=username`));
    refusedAsGraph(await post(first, `/${SECOND}/media`, { media_type: 'REELS', upload_type: 'resumable' }));
    refusedAsGraph(await post(first, `/${SECOND}/media_publish`, { creation_id: theirs.id }));
    refusedAsGraph(await post(first, `/${FIRST}/media_publish`, { creation_id: theirs.id }));
    refusedAsGraph(await get(first, `/${theirs.id}?fields=status_code`));
    refusedAsGraph(await get(first, `/${SECOND}/media`));
    refusedAsGraph(await get(first, `/${SECOND}/content_publishing_limit`));
    const upload = await t.call('POST', theirs.uri, {
      headers: { authorization: `OAuth ${first}`, offset: '0', file_size: '10' },
      body: videoBytes(10),
    });
    expect(upload.status).toBe(403);

    const done = await post(second, `/${SECOND}/media_publish`, { creation_id: theirs.id });
    expect(done.status, done.text).toBe(200);
    refusedAsGraph(await get(first, `/${done.body.id}?fields=permalink`));
    refusedAsGraph(await get(first, `/${done.body.id}/insights?metric=views`));
    // Nothing was made for the first account by any of it.
    expect((await get(first, `/${FIRST}/media`)).body.data).toEqual([]);
  });
});
