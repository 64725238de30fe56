import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  api,
  connect,
  fault,
  firstMessage,
  published,
  REDIRECT,
  startReddit,
  stop,
  submitForm,
  tokenRequest,
  uploadVideo,
  type Emu,
} from './reddit.test-helpers';

let emu: Emu;
let token: string;
beforeAll(async () => (emu = await startReddit()));
beforeEach(async () => (token = (await connect(emu)).access_token));
afterEach(() => fetch(`${emu.url}/_control/faults`, { method: 'DELETE' }));
afterAll(() => stop(emu));

async function submitted() {
  const { url, posterUrl } = await uploadVideo(emu, token);
  const res = await api(emu, token, '/api/submit', submitForm(url, posterUrl, { title: `clip ${Math.random()}` }));
  expect(res.body.json.errors).toEqual([]);
  return { url, websocket: res.body.json.data.websocket_url as string };
}

describe('Reddit faults, in Reddit envelopes', () => {
  it('rate_limit: 429 with X-Ratelimit headers and the reset time', async () => {
    await fault(emu, { kind: 'rate_limit', step: 'me', delayMs: 120_000 });
    const res = await api(emu, token, '/api/v1/me');
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: 'Too Many Requests', error: 429 });
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0.0');
    expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(119);
    expect(Number(res.headers.get('x-ratelimit-used'))).toBe(600);
    expect((await api(emu, token, '/api/v1/me')).status).toBe(200);
  });

  it('server_error: 500', async () => {
    await fault(emu, { kind: 'server_error', step: 'asset' });
    const res = await api(emu, token, '/api/media/asset.json', { filepath: 'a.mp4', mimetype: 'video/mp4' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Internal Server Error', error: 500 });
  });

  it('token_expired: 401 Unauthorized', async () => {
    await fault(emu, { kind: 'token_expired', step: 'listing' });
    const res = await api(emu, token, '/user/fanout_sandbox/submitted');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized', error: 401 });
  });

  it('reject: json.errors carrying the message', async () => {
    await fault(emu, {
      kind: 'reject',
      step: 'submit',
      message: 'This community only allows trusted members to post here',
    });
    const res = await api(emu, token, '/api/submit', submitForm('x', 'y'));
    expect(res.status).toBe(200);
    expect(res.body.json.errors[0][1]).toBe('This community only allows trusted members to post here');
  });

  it('a fault on the token step is answered there', async () => {
    await fault(emu, { kind: 'server_error', step: 'token' });
    const res = await tokenRequest(emu, { grant_type: 'authorization_code', code: 'x', redirect_uri: REDIRECT });
    expect(res.status).toBe(500);
  });

  it('duplicate: submit refuses with ALREADY_SUB', async () => {
    const { url, posterUrl } = await uploadVideo(emu, token);
    await fault(emu, { kind: 'duplicate' });
    const res = await api(emu, token, '/api/submit', submitForm(url, posterUrl));
    expect(res.body.json.errors).toEqual([['ALREADY_SUB', 'that link has already been submitted', 'url']]);
  });

  it('processing_failed: the websocket says failed; nothing is published or listed', async () => {
    await fault(emu, { kind: 'processing_failed', message: 'Video too short' });
    const before = (await published(emu)).length;
    const { url, websocket } = await submitted();
    expect(await firstMessage(websocket)).toEqual({ type: 'failed', payload: { message: 'Video too short' } });
    expect((await published(emu)).length).toBe(before);
    const listed = await api(emu, token, '/user/fanout_sandbox/submitted');
    expect(listed.body.data.children.map((c: { data: { url: string } }) => c.data.url)).not.toContain(url);
  });

  it('slow_processing: no answer on the websocket while the fault exists, success once it is gone', async () => {
    await fault(emu, { kind: 'slow_processing', step: 'submit' });
    const before = (await published(emu)).length;
    const { url, websocket } = await submitted();
    const message = firstMessage(websocket);
    const listed = await api(emu, token, '/user/fanout_sandbox/submitted');
    const child = listed.body.data.children.find((c: { data: { url: string } }) => c.data.url === url);
    expect(child).toBeTruthy();
    expect((await published(emu)).length).toBe(before);
    await fetch(`${emu.url}/_control/faults`, { method: 'DELETE' });
    expect((await message).type).toBe('success');
    expect((await published(emu)).length).toBe(before + 1);
  });

  it('slow_processing with delayMs: live once that time has passed', async () => {
    await fault(emu, { kind: 'slow_processing', delayMs: 30_000 });
    const { websocket } = await submitted();
    const message = firstMessage(websocket);
    const before = (await published(emu)).length;
    emu.clock.t += 30_000;
    expect((await message).type).toBe('success');
    expect((await published(emu)).length).toBe(before + 1);
  });

  it('a websocket address that names no upload is refused', async () => {
    const { websocket } = await submitted();
    await expect(firstMessage(websocket.replace(/m=[^&]+/, 'm=forged'))).rejects.toThrow(/404/);
  });
});
