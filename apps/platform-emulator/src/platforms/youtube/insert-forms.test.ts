import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, metadata, openSession, related, startYoutube, videoBytes, type TestYoutube } from './test-helpers';

let t: TestYoutube;
let token: string;
beforeEach(async () => {
  t = await startYoutube();
  token = (await connect(t)).accessToken;
});
afterEach(() => t.stop());

const post = (t: TestYoutube, query: string, body: Buffer, contentType: string, auth = token) =>
  fetch(t.api(`/upload/youtube/v3/videos?${query}`), {
    method: 'POST',
    headers: { authorization: `Bearer ${auth}`, 'content-type': contentType },
    body,
  });

type ErrorBody = { error: { code: number; message: string; errors: { reason: string; domain: string }[] } };
const reasonOf = async (res: Response) => ((await res.json()) as ErrorBody).error.errors[0]!.reason;

describe('YouTube videos.insert: multipart and media uploads', () => {
  it('takes uploadType=multipart (metadata part + media part) and keeps the exact bytes', async () => {
    const media = videoBytes(70_000);
    const { body, contentType } = related(metadata('Multipart one'), media);
    const res = await post(t, 'uploadType=multipart&part=snippet,status', body, contentType);
    expect(res.status).toBe(200);
    const video = (await res.json()) as {
      id: string;
      snippet: { title: string; tags: string[] };
      status: Record<string, unknown>;
    };
    expect(video.snippet).toMatchObject({ title: 'Multipart one', tags: ['fanout', 'test'] });
    expect(video.status).toMatchObject({ uploadStatus: 'uploaded', privacyStatus: 'unlisted' });
    const record = t.emu.ctx.store.collection<{ bytes: number; mimeType: string }>('youtube.videos').get(video.id)!;
    expect(record).toMatchObject({ bytes: media.length, mimeType: 'video/mp4' });
  });

  it('takes uploadType=media (bytes only) with YouTube defaults', async () => {
    const res = await post(
      t,
      'uploadType=media&part=snippet&part=status',
      videoBytes(4000),
      'application/octet-stream',
    );
    expect(res.status).toBe(200);
    const video = (await res.json()) as { snippet: { title: string }; status: { privacyStatus: string } };
    expect(video.snippet.title).toBe('unknown');
    expect(video.status.privacyStatus).toBe('public');
  });

  it('refuses media YouTube does not accept, an empty body, and a missing or unknown uploadType', async () => {
    expect(await reasonOf(await post(t, 'uploadType=media&part=snippet', videoBytes(10), 'image/png'))).toBe(
      'badContent',
    );
    expect(await reasonOf(await post(t, 'uploadType=media&part=snippet', Buffer.alloc(0), 'video/mp4'))).toBe(
      'mediaBodyRequired',
    );
    expect((await post(t, 'part=snippet', videoBytes(10), 'video/mp4')).status).toBe(400);
    expect((await post(t, 'uploadType=chunky&part=snippet', videoBytes(10), 'video/mp4')).status).toBe(400);
    const plain = await fetch(t.api('/youtube/v3/videos?part=snippet'), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(metadata()),
    });
    expect(await reasonOf(plain)).toBe('mediaBodyRequired');
  });

  it('checks part: required, and each one a part of the Video resource', async () => {
    const missing = await post(t, 'uploadType=media', videoBytes(10), 'video/mp4');
    expect(await reasonOf(missing)).toBe('required');
    const unknown = await post(t, 'uploadType=media&part=snippet,bogus', videoBytes(10), 'video/mp4');
    const err = ((await unknown.json()) as ErrorBody).error;
    expect(err.errors[0]).toMatchObject({ reason: 'unknownPart', domain: 'youtube.part' });
    expect(err.message).toBe("'bogus'");
  });

  it('checks the video resource as YouTube does', async () => {
    const cases: [unknown, string][] = [
      [{ snippet: { description: 'no title' } }, 'invalidTitle'],
      [{ snippet: { title: '   ' } }, 'invalidTitle'],
      [{ snippet: { title: 'x'.repeat(101) } }, 'invalidTitle'],
      [{ snippet: { title: 'a <b> title' } }, 'invalidTitle'],
      [{ snippet: { title: 'ok', description: 'é'.repeat(2501) } }, 'invalidDescription'],
      [{ snippet: { title: 'ok', description: 'x > y' } }, 'invalidDescription'],
      [{ snippet: { title: 'ok', tags: ['a b'.repeat(100), 'c'.repeat(200)] } }, 'invalidTags'],
      [{ snippet: { title: 'ok', categoryId: 'music' } }, 'invalidCategoryId'],
      [{ snippet: { title: 'ok' }, status: { privacyStatus: 'friends' } }, 'invalid'],
      [{ snippet: { title: 'ok' }, status: { privacy_status: 'public' } }, 'invalid'],
      [{ snippet: { title: 'ok' }, status: { license: 'cc-by' } }, 'invalid'],
      [{ snippet: { title: 'ok' }, status: { containsSyntheticMedia: 'yes' } }, 'invalid'],
      [{ snippet: { title: 'ok' }, status: { embeddable: 'no' } }, 'invalid'],
      [
        { snippet: { title: 'ok' }, status: { privacyStatus: 'public', publishAt: '2030-01-01T00:00:00Z' } },
        'invalidPublishAt',
      ],
    ];
    for (const [meta, reason] of cases) {
      const res = await openSession(t, token, meta);
      expect(res.status, JSON.stringify(meta)).toBe(400);
      expect(await reasonOf(res), JSON.stringify(meta)).toBe(reason);
    }
    // At the limits exactly: 100 characters (not bytes) of title, 5000 bytes of description, 500 of tags.
    const edge = {
      snippet: { title: 'é'.repeat(100), description: 'é'.repeat(2500), tags: ['t'.repeat(249), 'u'.repeat(250)] },
      status: { privacyStatus: 'private', publishAt: '2030-01-01T00:00:00Z' },
    };
    expect((await openSession(t, token, edge)).status).toBe(200);
  });

  it('takes notifySubscribers as the boolean the discovery document says, true when left out', async () => {
    const open = (query: string) =>
      fetch(t.api(`/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status${query}`), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=UTF-8' },
        body: JSON.stringify(metadata()),
      });
    const bad = await open('&notifySubscribers=maybe');
    expect(bad.status).toBe(400);
    expect(await reasonOf(bad)).toBe('invalidParameter');
    const sessionOf = (res: Response) =>
      t.emu.ctx.store
        .collection<{ fields: { notifySubscribers?: boolean } }>('youtube.sessions')
        .get(new URL(res.headers.get('location')!).searchParams.get('upload_id')!);
    expect(sessionOf(await open('&notifySubscribers=false'))?.fields.notifySubscribers).toBe(false);
    expect(sessionOf(await open(''))?.fields.notifySubscribers).toBe(true);
  });

  it('writes only the parts named in part: a snippet left out keeps the defaults', async () => {
    const { body, contentType } = related(
      { snippet: { title: 'ignored' }, status: { privacyStatus: 'private' } },
      videoBytes(100),
    );
    const res = await post(t, 'uploadType=multipart&part=status', body, contentType);
    expect(res.status).toBe(200);
    const video = (await res.json()) as { snippet?: unknown; status: { privacyStatus: string } };
    expect(video.snippet).toBeUndefined();
    expect(video.status.privacyStatus).toBe('private');
    const listed = t.emu.ctx.store.collection<{ snippet: { title: string } }>('youtube.videos').values();
    expect(listed[0]!.snippet.title).toBe('unknown');
  });

  it('refuses a multipart body that is not multipart/related or lacks a part', async () => {
    const { body } = related(metadata(), videoBytes(10));
    expect(
      (await post(t, 'uploadType=multipart&part=snippet', body, 'multipart/form-data; boundary=b0undary-xyz')).status,
    ).toBe(400);
    const one = Buffer.from('--b\r\nContent-Type: application/json\r\n\r\n{}\r\n--b--\r\n');
    expect((await post(t, 'uploadType=multipart&part=snippet', one, 'multipart/related; boundary=b')).status).toBe(400);
  });
});
