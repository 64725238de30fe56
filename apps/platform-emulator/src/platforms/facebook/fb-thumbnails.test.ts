import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { published, startMeta, videoBytes, type TestMeta } from '../meta/meta-test-support';
import { facebook } from '.';
import { bearer, graph, longUserToken, PAGE, pageToken, SCOPES } from './fb-test-support';
import { MAX_THUMBNAIL_BYTES } from './fb-thumbnails';

let t: TestMeta;
let user: string;
let page: string;
/** The permissions Graph API "Video Thumbnails" names for creating one, on top of the publishing ones. */
const THUMBNAIL_SCOPES = `${SCOPES},pages_read_user_content,pages_manage_engagement`;

beforeAll(async () => {
  t = await startMeta([facebook]);
  user = await longUserToken(t, THUMBNAIL_SCOPES);
  page = await pageToken(t, user);
});
afterAll(() => t.stop());

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A Page video sent whole as a multipart `source` (the create's other way in). */
async function pageVideo(): Promise<string> {
  const body = new FormData();
  body.set('description', `With a thumbnail ${Math.random()}`);
  body.set('source', new Blob([videoBytes(20_000, 3)], { type: 'video/mp4' }), 'clip.mp4');
  const res = await t.call('POST', graph(t, `/${PAGE}/videos`), { headers: bearer(page), body });
  expect(res.status, res.text).toBe(200);
  return res.body.id as string;
}

function thumbnail(video: string, image: Buffer, token = page, fields: Record<string, string> = {}) {
  const body = new FormData();
  body.set('is_preferred', 'true');
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  body.set('source', new Blob([image], { type: 'image/png' }), 'cover.png');
  return t.call('POST', graph(t, `/${video}/thumbnails`), { headers: bearer(token), body });
}

describe('Facebook video thumbnails (POST /<video-id>/thumbnails)', () => {
  it('takes a preferred image on a Page video and records its bytes on the published video', async () => {
    const video = await pageVideo();
    const res = await thumbnail(video, PNG);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true });
    const item = (await published(t)).find((i) => i.id === video) as { cover?: unknown } | undefined;
    expect(item?.cover).toEqual({ imageBytes: PNG.length, imageSha256: sha(PNG) });
  });

  it('takes the Page token only, with the permissions the reference names', async () => {
    const video = await pageVideo();
    expect((await thumbnail(video, PNG, user)).body.error.code).toBe(210);
    const without = await pageToken(t, await longUserToken(t, SCOPES));
    const refused = await thumbnail(video, PNG, without);
    expect(refused.body.error.code).toBe(200);
    expect(refused.body.error.message).toMatch(/pages_read_user_content/);
  });

  it('refuses what is not an image, an image over 10 MB, no source, and a video not on the Page', async () => {
    const video = await pageVideo();
    expect((await thumbnail(video, Buffer.from('not an image at all'))).body.error.code).toBe(100);
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_THUMBNAIL_BYTES)]);
    const large = await thumbnail(video, big);
    expect(large.body.error.message).toMatch(/10MB/);
    const none = await t.call('POST', graph(t, `/${video}/thumbnails`), {
      headers: bearer(page),
      body: new FormData(),
    });
    expect(none.body.error.message).toMatch(/source/);
    expect((await thumbnail('109999999999', PNG)).body.error.code).toBe(100);
  });
});
