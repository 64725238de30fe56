import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addFault, form, startMeta, videoBytes, type TestMeta } from '../meta/meta-test-support';
import { instagram } from '.';
import { bearer, graph, longToken } from './ig-test-support';

let t: TestMeta;
let token: string;
const USER = '1784140012345678';

beforeAll(async () => {
  t = await startMeta([instagram]);
  token = await longToken(t);
});
afterAll(() => t.stop());
beforeEach(async () => {
  await t.call('DELETE', `${t.emu.url}/_control/faults`);
});

const fault = (kind: string, step: string, extra: { times?: number; message?: string; delayMs?: number } = {}) =>
  addFault(t, { platform: 'instagram', kind, step, ...extra });

async function uploadedContainer() {
  const c = await t.call('POST', graph(t, `/${USER}/media`), {
    ...form({ media_type: 'REELS', upload_type: 'resumable' }),
    headers: { ...form({}).headers, ...bearer(token) },
  });
  const bytes = videoBytes(10_000);
  const up = await t.call('POST', c.body.uri, {
    headers: { authorization: `OAuth ${token}`, offset: '0', file_size: String(bytes.length) },
    body: bytes,
  });
  expect(up.status).toBe(200);
  return c.body.id as string;
}
const status = async (id: string) =>
  (await t.call('GET', graph(t, `/${id}?fields=status_code,status`), { headers: bearer(token) })).body;

describe('Instagram faults, answered in Meta envelopes', () => {
  it('rate_limit: code 4 with x-app-usage and x-business-use-case-usage (time to regain access)', async () => {
    await fault('rate_limit', 'container', { delayMs: 120_000 });
    const res = await t.call('POST', graph(t, `/${USER}/media?media_type=REELS&upload_type=resumable`), {
      headers: bearer(token),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 4, type: 'OAuthException', is_transient: true });
    expect(JSON.parse(res.headers.get('x-app-usage')!)).toMatchObject({ call_count: 100 });
    const buc = JSON.parse(res.headers.get('x-business-use-case-usage')!);
    expect(buc[USER][0]).toMatchObject({ type: 'instagram', estimated_time_to_regain_access: 2 });
  });

  it('server_error, token_expired and reject, on routes whose step is known only from the id', async () => {
    const id = await uploadedContainer();
    await fault('server_error', 'status');
    const broken = await t.call('GET', graph(t, `/${id}?fields=status_code`), { headers: bearer(token) });
    expect(broken.status).toBe(500);
    expect(broken.body.error).toMatchObject({ code: 2, is_transient: true });

    await fault('token_expired', 'me');
    const me = await t.call('GET', graph(t, `/${USER}?fields=username`), { headers: bearer(token) });
    expect(me.body.error).toMatchObject({ code: 190, error_subcode: 463 });
    expect(me.headers.get('www-authenticate')).toMatch(/invalid_token/);

    await fault('reject', 'token', { message: 'App is in development mode.' });
    const rejected = await t.call('POST', t.url('api.instagram.com', '/oauth/access_token'));
    expect(rejected.body.error).toMatchObject({ code: 100, message: 'App is in development mode.' });
  });

  it('upload faults are answered in rupload’s own envelope', async () => {
    const c = await t.call('POST', graph(t, `/${USER}/media?media_type=REELS&upload_type=resumable`), {
      headers: bearer(token),
    });
    await fault('server_error', 'upload');
    const res = await t.call('POST', c.body.uri, {
      headers: { authorization: `OAuth ${token}`, offset: '0', file_size: '10' },
      body: Buffer.alloc(10),
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ debug_info: { retriable: true, type: 'ServerError', message: expect.any(String) } });
  });

  it('processing_failed turns the container to ERROR with a status text; it cannot be published', async () => {
    await fault('processing_failed', 'status', { message: 'Unsupported video codec (error code 2207026)' });
    const id = await uploadedContainer();
    expect(await status(id)).toMatchObject({
      status_code: 'ERROR',
      status: 'Error: Unsupported video codec (error code 2207026)',
    });
    const res = await t.call('POST', graph(t, `/${USER}/media_publish?creation_id=${id}`), { headers: bearer(token) });
    expect(res.body.error).toMatchObject({ code: 9007, error_subcode: 2207027 });
  });

  it('slow_processing keeps IN_PROGRESS while the fault exists, or for `delayMs`', async () => {
    await fault('slow_processing', 'status');
    const id = await uploadedContainer();
    t.clock.now += 60_000;
    for (let i = 0; i < 3; i++) expect((await status(id)).status_code).toBe('IN_PROGRESS');
    await t.call('DELETE', `${t.emu.url}/_control/faults`);
    expect((await status(id)).status_code).toBe('FINISHED');

    await fault('slow_processing', 'status', { delayMs: 60_000 });
    const slow = await uploadedContainer();
    for (let i = 0; i < 4; i++) expect((await status(slow)).status_code).toBe('IN_PROGRESS');
    t.clock.now += 61_000;
    expect((await status(slow)).status_code).toBe('FINISHED');
  });

  it('duplicate refuses the publish (4 / 2207051); hang holds the answer, then fails', async () => {
    const id = await uploadedContainer();
    await status(id);
    await fault('duplicate', 'create');
    const res = await t.call('POST', graph(t, `/${USER}/media_publish?creation_id=${id}`), { headers: bearer(token) });
    expect(res.body.error).toMatchObject({ code: 4, error_subcode: 2207051 });

    await fault('hang', 'status', { delayMs: 30 });
    const started = Date.now();
    const hung = await t.call('GET', graph(t, `/${id}?fields=status_code`), { headers: bearer(token) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(hung.status).toBe(500);
    expect(
      (await t.call('POST', graph(t, `/${USER}/media_publish?creation_id=${id}`), { headers: bearer(token) })).status,
    ).toBe(200);
  });
});
