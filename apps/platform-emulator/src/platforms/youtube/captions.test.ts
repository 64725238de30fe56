import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishedItems } from '../../core/test-support';
import { PROCESSING_MS } from './limits';
import {
  clock,
  connect,
  G,
  getJson,
  metadata,
  related,
  startYoutube,
  videoBytes,
  type Clock,
  type TestYoutube,
} from './test-helpers';

const SRT = '1\n00:00:00,200 --> 00:00:00,900\nHello\n\n2\n00:00:01,000 --> 00:00:01,800\nBye\n';

const FULL = { scope: `${G}youtube.upload ${G}youtube.force-ssl` };

let t: TestYoutube;
let time: Clock;
beforeEach(async () => {
  time = clock();
  t = await startYoutube({ now: time.now });
});
afterEach(() => t.stop());

async function uploadVideo(token: string) {
  const { body, contentType } = related(metadata('Captioned'), videoBytes(3000));
  const res = await fetch(t.api('/upload/youtube/v3/videos?uploadType=multipart&part=snippet,status'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
  return ((await res.json()) as { id: string }).id;
}

async function insertCaption(token: string, snippet: Record<string, unknown>, text: string) {
  const { body, contentType } = related({ snippet }, Buffer.from(text), 'application/octet-stream');
  const res = await fetch(t.api('/upload/youtube/v3/captions?uploadType=multipart&part=snippet'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('YouTube captions.insert', () => {
  it('takes a track, records its language, name, format and cues, and refuses the same track twice', async () => {
    const { accessToken } = await connect(t, FULL);
    const videoId = await uploadVideo(accessToken);
    // Live once processed: the track is sent after the post, as Fanout does.
    time.advance(PROCESSING_MS);
    await getJson(t.api(`/youtube/v3/videos?part=status&id=${videoId}`), accessToken);
    const res = await insertCaption(accessToken, { videoId, language: 'en', name: 'English' }, SRT);
    expect(res).toMatchObject({ status: 200, body: { kind: 'youtube#caption', snippet: { status: 'serving' } } });
    const again = await insertCaption(accessToken, { videoId, language: 'en', name: 'English' }, SRT);
    expect(again.status).toBe(409);
    expect(again.body.error.errors[0].reason).toBe('captionExists');
    const items = await publishedItems<{ id: string; captions?: unknown[] }>(t.emu);
    expect(items.find((i) => i.id === videoId)?.captions).toEqual([
      { language: 'en', name: 'English', format: 'srt', cueCount: 2 },
    ]);
  });

  it('enforces its documented rules: the scopes, the required snippet fields, a track with data', async () => {
    const narrow = await connect(t, { scope: `${G}youtube.upload ${G}youtube.readonly` });
    const videoId = await uploadVideo(narrow.accessToken);
    const forbidden = await insertCaption(narrow.accessToken, { videoId, language: 'en', name: '' }, SRT);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.errors[0].reason).toBe('insufficientPermissions');

    const { accessToken } = await connect(t, FULL);
    const own = await uploadVideo(accessToken);
    expect((await insertCaption(accessToken, { videoId: own, name: '' }, SRT)).body.error.errors[0].reason).toBe(
      'invalidMetadata',
    );
    expect((await insertCaption(accessToken, { videoId: own, language: 'en', name: '' }, '  ')).status).toBe(400);
    expect((await insertCaption(accessToken, { videoId: 'nope', language: 'en', name: '' }, SRT)).status).toBe(404);
    const odd = await insertCaption(accessToken, { videoId: own, language: 'de', name: '' }, 'just words');
    expect(odd.body.snippet).toMatchObject({ status: 'failed', failureReason: 'unknownFormat' });
  });
});
