import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, connect, startX, uploadVideo, type TestX } from './test-helpers';

let t: TestX;
let token: string;
beforeEach(async () => {
  t = await startX();
  token = (await connect(t)).accessToken;
});
afterEach(() => t.stop());

const SRT = '1\n00:00:00,000 --> 00:00:01,000\nHello\n';

async function subtitlesMedia(): Promise<string> {
  const json = { media_category: 'subtitles', media: Buffer.from(SRT).toString('base64') };
  const res = await call(t.api('/2/media/upload'), token, { json });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as string;
}

const associate = (json: unknown) => call(t.api('/2/media/subtitles'), token, { json });

describe('X media subtitles (POST /2/media/subtitles)', () => {
  it('refuses what the openapi document does not allow: the language code, the category, a track that is not subtitles', async () => {
    const { id: video } = await uploadVideo(t, token, Buffer.alloc(4096, 7));
    const track = await subtitlesMedia();
    const ok = { id: video, media_category: 'AmplifyVideo', subtitles: { id: track, language_code: 'EN' } };
    for (const body of [
      { ...ok, subtitles: { id: track, language_code: 'en' } },
      { ...ok, subtitles: { id: track, language_code: 'EN-US' } },
      { ...ok, media_category: 'amplify_video' },
      { ...ok, subtitles: { id: video, language_code: 'EN' } },
      { ...ok, id: track },
      { ...ok, colour: 'red' },
    ]) {
      const res = await associate(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.type).toBe('https://api.x.com/2/problems/invalid-request');
    }
  });
});
