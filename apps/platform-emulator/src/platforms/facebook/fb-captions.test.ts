import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { published, startMeta, videoBytes, type TestMeta } from '../meta/meta-test-support';
import { facebook } from '.';
import { bearer, graph, longUserToken, PAGE, pageToken, SCOPES } from './fb-test-support';

let t: TestMeta;
let user: string;
let page: string;

beforeAll(async () => {
  t = await startMeta([facebook]);
  user = await longUserToken(t, SCOPES);
  page = await pageToken(t, user);
});
afterAll(() => t.stop());

const SRT = '1\n00:00:00,000 --> 00:00:01,000\nHello\n\n2\n00:00:01,500 --> 00:00:02,000\nthere\n';

async function pageVideo(): Promise<string> {
  const body = new FormData();
  body.set('description', `With captions ${Math.random()}`);
  body.set('source', new Blob([videoBytes(20_000, 3)], { type: 'video/mp4' }), 'clip.mp4');
  const res = await t.call('POST', graph(t, `/${PAGE}/videos`), { headers: bearer(page), body });
  expect(res.status, res.text).toBe(200);
  return res.body.id as string;
}

function caption(video: string, text: string, filename: string, token = page) {
  const body = new FormData();
  body.set('captions_file', new Blob([text], { type: 'application/x-subrip' }), filename);
  return t.call('POST', graph(t, `/${video}/captions`), { headers: bearer(token), body });
}

describe('Facebook video captions (POST /<video-id>/captions)', () => {
  it('takes an SRT file named with its locale and records it on the published video', async () => {
    const video = await pageVideo();
    const res = await caption(video, SRT, 'talk.en_US.srt');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true });
    const item = (await published(t)).find((i) => i.id === video) as { captions?: unknown } | undefined;
    expect(item?.captions).toEqual([{ language: 'en_US', format: 'srt', cueCount: 2 }]);
  });

  it('takes the Page token only', async () => {
    const video = await pageVideo();
    expect((await caption(video, SRT, 'talk.en_US.srt', user)).body.error.code).toBe(210);
  });

  it('refuses a file without its locale in the name, and anything but SRT', async () => {
    const video = await pageVideo();
    const unnamed = await caption(video, SRT, 'talk.srt');
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error.message).toMatch(/filename\.locale\.srt/);
    expect((await caption(video, SRT, 'talk.en-US.srt')).status).toBe(400);
    const vtt = await caption(video, 'WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n', 'talk.en_US.srt');
    expect(vtt.status).toBe(400);
    expect(vtt.body.error.message).toMatch(/SRT/);
  });
});
