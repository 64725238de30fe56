import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addFault, startMeta, type TestMeta } from '../meta/meta-test-support';
import { facebook } from '.';
import { APP, bearer, CLIENT, graph, PAGE, pageToken, userToken } from './fb-test-support';

let t: TestMeta;
let user: string;
beforeAll(async () => {
  t = await startMeta([facebook]);
  user = await userToken(t);
});
afterAll(() => t.stop());
beforeEach(async () => {
  await t.call('DELETE', `${t.emu.url}/_control/faults`);
});

const fault = (kind: string, step: string, extra: { message?: string; delayMs?: number } = {}) =>
  addFault(t, { platform: 'facebook', kind, step, ...extra });

describe('Facebook faults, answered in Graph’s envelope', () => {
  it('token_expired and rate_limit on the two grants of oauth/access_token, each by its own step', async () => {
    await fault('token_expired', 'long_lived');
    const q = new URLSearchParams({ ...CLIENT, grant_type: 'fb_exchange_token', fb_exchange_token: user });
    const expired = await t.call('GET', graph(t, `/oauth/access_token?${q}`));
    expect(expired.body.error).toMatchObject({ code: 190, error_subcode: 463, type: 'OAuthException' });
    expect((await t.call('GET', graph(t, `/oauth/access_token?${q}`))).status).toBe(200);

    await fault('rate_limit', 'token', { delayMs: 90_000 });
    const limited = await t.call(
      'GET',
      graph(t, `/oauth/access_token?${new URLSearchParams({ ...CLIENT, code: 'x' })}`),
    );
    expect(limited.body.error).toMatchObject({
      code: 32,
      message: '(#32) Page request limit reached',
      is_transient: true,
    });
    expect(JSON.parse(limited.headers.get('x-app-usage')!)).toHaveProperty('call_count');
    expect(JSON.parse(limited.headers.get('x-business-use-case-usage')!)[PAGE][0]).toMatchObject({
      estimated_time_to_regain_access: 2,
    });
  });

  it('server_error and reject on the Page and upload routes', async () => {
    const page = await pageToken(t, user);
    await fault('server_error', 'accounts');
    const node = await t.call('GET', graph(t, `/${PAGE}?fields=name`), { headers: bearer(page) });
    expect(node.status).toBe(500);
    expect(node.body.error).toMatchObject({ code: 2, is_transient: true });

    const session = await t.call('POST', graph(t, `/${APP}/uploads?file_length=4&file_type=video/mp4`), {
      headers: bearer(user),
    });
    await fault('reject', 'upload', { message: 'File type not allowed.' });
    const sent = await t.call('POST', graph(t, `/${session.body.id}`), {
      headers: { authorization: `OAuth ${user}`, file_offset: '0' },
      body: Buffer.alloc(4),
    });
    expect(sent.body.error).toMatchObject({ code: 100, message: 'File type not allowed.' });
  });

  it('duplicate and processing_failed at create', async () => {
    const page = await pageToken(t, user);
    const session = await t.call('POST', graph(t, `/${APP}/uploads?file_length=4&file_type=video/mp4`), {
      headers: bearer(user),
    });
    const h = (
      await t.call('POST', graph(t, `/${session.body.id}`), {
        headers: { authorization: `OAuth ${user}`, file_offset: '0' },
        body: Buffer.alloc(4, 1),
      })
    ).body.h;
    const create = () =>
      t.call('POST', graph(t, `/${PAGE}/videos?fbuploader_video_file_chunk=${encodeURIComponent(h)}`), {
        headers: bearer(page),
      });
    await fault('duplicate', 'create');
    expect((await create()).body.error).toMatchObject({ code: 506 });
    await fault('processing_failed', 'create', { message: 'Corrupt file' });
    const id = (await create()).body.id;
    const node = await t.call('GET', graph(t, `/${id}?fields=status,published`), { headers: bearer(page) });
    expect(node.body).toMatchObject({ published: false, status: { video_status: 'error' } });
  });
});
