import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  connect,
  getJson,
  metadata,
  openSession,
  put,
  startYoutube,
  videoBytes,
  type TestYoutube,
} from './test-helpers';

const K = 262_144;
let t: TestYoutube;
let token: string;
beforeEach(async () => {
  t = await startYoutube();
  token = (await connect(t)).accessToken;
});
afterEach(() => t.stop());

async function session(length?: number) {
  const res = await openSession(t, token, metadata(), {
    'x-upload-content-type': 'video/mp4',
    ...(length !== undefined ? { 'x-upload-content-length': String(length) } : {}),
  });
  expect(res.status).toBe(200);
  return res.headers.get('location')!;
}

describe('YouTube resumable upload', () => {
  it('hands out the session URI on its own address, takes chunks with 308 + Range, and ends with the video', async () => {
    const bytes = videoBytes(2 * K + 1000);
    const url = await session(bytes.length);
    expect(url.startsWith(`${t.emu.url}/www.googleapis.com/upload/youtube/v3/videos?`)).toBe(true);
    expect(new URL(url).searchParams.get('upload_id')).toBeTruthy();

    const first = await put(url, bytes.subarray(0, K), `bytes 0-${K - 1}/${bytes.length}`);
    expect(first.status).toBe(308);
    expect(first.headers.get('range')).toBe(`bytes=0-${K - 1}`);
    const second = await put(url, bytes.subarray(K, 2 * K), `bytes ${K}-${2 * K - 1}/${bytes.length}`);
    expect(second.headers.get('range')).toBe(`bytes=0-${2 * K - 1}`);
    const last = await put(url, bytes.subarray(2 * K), `bytes ${2 * K}-${bytes.length - 1}/${bytes.length}`);
    expect(last.status).toBe(201);
    const video = (await last.json()) as { id: string; snippet: { title: string }; status: { uploadStatus: string } };
    expect(video.id).toMatch(/^[\w-]{11}$/);
    expect(video.snippet.title).toBe('Sandbox video');
    expect(video.status.uploadStatus).toBe('uploaded');
  });

  it('answers "bytes */N" with 308 and what it holds (no Range before any byte), then with the video', async () => {
    const bytes = videoBytes(K + 10);
    const url = await session();
    const empty = await put(url, undefined, `bytes */${bytes.length}`);
    expect(empty.status).toBe(308);
    expect(empty.headers.get('range')).toBeNull();
    await put(url, bytes.subarray(0, K), `bytes 0-${K - 1}/*`);
    const held = await put(url, undefined, `bytes */${bytes.length}`);
    expect(held.status).toBe(308);
    expect(held.headers.get('range')).toBe(`bytes=0-${K - 1}`);
    // Resuming from there completes it; a later query answers the video.
    const done = await put(url, bytes.subarray(K), `bytes ${K}-${bytes.length - 1}/${bytes.length}`);
    expect(done.status).toBe(201);
    const id = ((await done.json()) as { id: string }).id;
    const after = await put(url, undefined, `bytes */${bytes.length}`);
    expect(after.status).toBe(200);
    expect(((await after.json()) as { id: string }).id).toBe(id);
  });

  it('takes the whole file in one PUT without Content-Range', async () => {
    const bytes = videoBytes(5000);
    const url = await session(bytes.length);
    const res = await put(url, bytes);
    expect(res.status).toBe(201);
  });

  it('refuses chunks that break the protocol', async () => {
    const bytes = videoBytes(3 * K);
    const url = await session(bytes.length);
    const cases: [Buffer, string, RegExp][] = [
      [bytes.subarray(0, K - 1), `bytes 0-${K - 2}/${bytes.length}`, /multiple of 262144/],
      [
        bytes.subarray(K, 2 * K),
        `bytes ${K}-${2 * K - 1}/${bytes.length}`,
        /starts at byte 262144 but the upload holds 0/,
      ],
      [bytes.subarray(0, K), `bytes 0-${K}/${bytes.length}`, /does not match a body/],
      [bytes.subarray(0, K), `bytes 0-${K - 1}/${bytes.length + 1}`, /differs from the upload's length/],
      [bytes.subarray(0, K), 'bytes=0-10', /parse Content-Range/],
    ];
    for (const [body, range, message] of cases) {
      const res = await put(url, body, range);
      expect(res.status).toBe(400);
      const err = (await res.json()) as { error: { code: number; message: string } };
      expect(err.error.code).toBe(400);
      expect(err.error.message).toMatch(message);
    }
    expect((await put(url, bytes.subarray(0, K), `bytes 0-${K - 1}/${bytes.length}`)).status).toBe(308);
    // The same chunk again overlaps what is held.
    const overlap = await put(url, bytes.subarray(0, K), `bytes 0-${K - 1}/${bytes.length}`);
    expect(overlap.status).toBe(400);
    expect(overlap.headers.get('range')).toBe(`bytes=0-${K - 1}`);
    expect((await put(url, undefined, `bytes */${bytes.length}`)).headers.get('range')).toBe(`bytes=0-${K - 1}`);
  });

  it('refuses an unknown session, an unaccepted media type and a missing token', async () => {
    const unknown = await put(
      `${t.api('/upload/youtube/v3/videos')}?uploadType=resumable&upload_id=nope`,
      videoBytes(10),
    );
    expect(unknown.status).toBe(404);
    const text = await openSession(t, token, metadata(), { 'x-upload-content-type': 'text/plain' });
    expect(text.status).toBe(400);
    expect(((await text.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason).toBe(
      'badContent',
    );
    const anonymous = await openSession(t, '', metadata());
    expect(anonymous.status).toBe(401);
  });

  it('keeps a session across a restart of the emulator mid-upload', async () => {
    const bytes = videoBytes(2 * K + 77);
    const url = await session(bytes.length);
    expect((await put(url, bytes.subarray(0, K), `bytes 0-${K - 1}/${bytes.length}`)).status).toBe(308);
    const port = Number(new URL(t.emu.url).port);
    await t.emu.close();
    t = { ...t, ...(await startYoutube({ dataDir: t.dataDir, port })) };

    const status = await put(url, undefined, `bytes */${bytes.length}`);
    expect(status.status).toBe(308);
    expect(status.headers.get('range')).toBe(`bytes=0-${K - 1}`);
    expect((await put(url, bytes.subarray(K, 2 * K), `bytes ${K}-${2 * K - 1}/${bytes.length}`)).status).toBe(308);
    const done = await put(url, bytes.subarray(2 * K), `bytes ${2 * K}-${bytes.length - 1}/${bytes.length}`);
    expect(done.status).toBe(201);
    const video = (await done.json()) as { id: string };
    // The bytes kept are exactly the file's.
    const blob = t.emu.ctx.store.blobPath(
      t.emu.ctx.store.collection<{ blobId: string }>('youtube.videos').get(video.id)!.blobId,
    );
    const { readFileSync } = await import('node:fs');
    expect(createHash('sha256').update(readFileSync(blob)).digest('hex')).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
  });

  it('accepts the discovery document resumable path and the youtube.googleapis.com host', async () => {
    const res = await fetch(
      `${t.emu.url}/youtube.googleapis.com/resumable/upload/youtube/v3/videos?uploadType=resumable&part=snippet`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(metadata()),
      },
    );
    expect(res.status).toBe(200);
    const url = res.headers.get('location')!;
    expect(url).toContain('/youtube.googleapis.com/resumable/upload/youtube/v3/videos?');
    expect((await put(url, videoBytes(100), 'bytes 0-99/100')).status).toBe(201);
  });
});

// videos.insert (developers.google.com/youtube/v3/docs/videos/insert): "All videos uploaded via the
// videos.insert endpoint from unverified API projects created after 28 July 2020 will be restricted to private
// viewing mode."
const setStage = (body: Record<string, unknown>) =>
  fetch(`${t.emu.url}/_control/app-stage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function upload(privacyStatus: string) {
  const bytes = videoBytes(5000);
  const session = await openSession(t, token, metadata('Stage', { status: { privacyStatus } }), {
    'x-upload-content-length': String(bytes.length),
    'x-upload-content-type': 'video/mp4',
  });
  const done = await put(session.headers.get('location')!, bytes);
  expect(done.status).toBe(201);
  return (await done.json()) as { id: string; status: { privacyStatus: string } };
}

describe("YouTube's verified and unverified API projects", () => {
  it('publishes as asked for a verified project, the sandbox app by default', async () => {
    expect((await upload('public')).status.privacyStatus).toBe('public');
  });

  it("locks an unverified project's uploads private, in the insert answer and in videos.list", async () => {
    const set = await setStage({ platform: 'youtube', verified: false });
    expect(set.status).toBe(200);
    const video = await upload('public');
    expect(video.status.privacyStatus).toBe('private');
    const listed = await getJson(t.api(`/youtube/v3/videos?part=status&id=${video.id}`), token);
    expect(listed.body.items[0].status.privacyStatus).toBe('private');

    // Per app: another client id's stage leaves the sandbox app's alone.
    await setStage({ platform: 'youtube', verified: true });
    await setStage({ platform: 'youtube', clientId: 'another-project', verified: false });
    expect((await upload('unlisted')).status.privacyStatus).toBe('unlisted');
  });

  it('refuses a stage that is not a yes or no', async () => {
    const res = await setStage({ platform: 'youtube', verified: 'pending' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/verified/);
  });
});
