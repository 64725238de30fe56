import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  authHeaders,
  createProject,
  registerUser,
  type ApiResponse,
  type RegisteredUser,
} from '../../../test/factories';
import { mediaFixtures, uploadVideo } from '../../../test/fixtures';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { sweepStaleUploads } from '../../services/upload.service';

// The fixture video lasts 2 s.
const SRT = '1\n00:00:00,200 --> 00:00:00,900\nHello <b>there</b>\n\n2\n00:00:01,000 --> 00:00:01,800\nBye\n';
const VTT = 'WEBVTT\n\n00:00.100 --> 00:00.800\n<script>alert(1)</script>\n';

describe('a video’s captions: /api/videos/:id/captions', () => {
  let server: TestServer;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let projectId: number;

  const upload = async (): Promise<number> => {
    const res = await uploadVideo(server, owner.token, { file: mediaFixtures().video, projectId, title: 'Captioned' });
    if (res.status !== 201) throw new Error(`upload failed: ${res.status}`);
    return res.body.video.id as number;
  };
  const put = async (id: number, language: string, text: string | Buffer, type = 'text/plain', token = owner.token) => {
    const res = await fetch(`${server.url}/api/videos/${id}/captions/${language}`, {
      method: 'PUT',
      headers: { ...authHeaders(token), 'content-type': type },
      body: text,
    });
    return { status: res.status, body: (await res.json()) as ApiResponse['body'] };
  };
  const onDisk = (name: string) => fs.existsSync(path.join(server.ctx.config.mediaDir, name));
  const captionFiles = () => fs.readdirSync(server.ctx.config.mediaDir).filter((n) => /\.(srt|vtt)$/.test(n));
  const used = async () => (await api(server, owner.token).get('/api/used-storage')).body.used_storage as number;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await registerUser(server);
    stranger = await registerUser(server);
    projectId = (await createProject(server, owner.token)).id;
  });
  afterAll(() => stopTestServer(server));

  it('stores a track per language, lists it, serves its text as text, and counts it in the quota', async () => {
    const id = await upload();
    const before = await used();
    const res = await put(id, 'en-us', SRT, 'application/x-subrip');
    expect(res.status).toBe(200);
    expect(res.body.caption).toMatchObject({ language: 'en-US', label: null, format: 'srt', cueCount: 2 });
    expect(await used()).toBe(before + Buffer.byteLength(SRT));
    const labelled = await fetch(`${server.url}/api/videos/${id}/captions/fr?label=Fran%C3%A7ais`, {
      method: 'PUT',
      headers: { ...authHeaders(owner.token), 'content-type': 'text/vtt' },
      body: VTT,
    });
    expect(labelled.status).toBe(200);

    const list = await api(server, owner.token).get(`/api/videos/${id}/captions`);
    expect(list.body.captions).toEqual([
      expect.objectContaining({ language: 'en-US', format: 'srt', url: `/api/videos/${id}/captions/en-US` }),
      expect.objectContaining({ language: 'fr', label: 'Français', format: 'vtt', cueCount: 1 }),
    ]);

    const text = await fetch(`${server.url}/api/videos/${id}/captions/fr`, { headers: authHeaders(owner.token) });
    expect(text.status).toBe(200);
    expect(text.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(text.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await text.text()).toBe(VTT);
    const srt = await fetch(`${server.url}/api/videos/${id}/captions/en-US`, { headers: authHeaders(owner.token) });
    expect(srt.headers.get('content-type')).toBe('text/plain; charset=utf-8');

    // A new file for a language replaces the old one and its file.
    const [oldFile] = captionFiles().filter((n) => n.endsWith('.srt'));
    expect((await put(id, 'en-US', SRT.replace('Bye', 'So long'))).status).toBe(200);
    expect(onDisk(oldFile!)).toBe(false);
    expect((await api(server, owner.token).get(`/api/videos/${id}/captions`)).body.captions).toHaveLength(2);
  });

  it('refuses a bad file with the line that is wrong, in words, and stores nothing', async () => {
    const id = await upload();
    const files = captionFiles();
    const cases: [string, string, RegExp][] = [
      ['1\n00:00:01,000 --> 00:00:00,500\nBack\n', 'bad_captions', /Line 2: the cue ends before it starts/],
      ['1\n00:00:00,500 --> 00:00:00,900\nA\n\n2\n00:00:00,100 --> 00:00:00,300\nB\n', 'bad_captions', /Line 6:/],
      [
        '1\n00:00:01,000 --> 00:00:04,000\nA\n\n2\n00:00:03,500 --> 00:00:04,000\nB\n',
        'captions_out_of_range',
        /Line 6: this cue starts after the video ends \(it lasts 3\d{3} ms\)/,
      ],
      ['<html><body>hi</body></html>', 'bad_captions', /Line 1:/],
      ['', 'missing_file', /Send the caption file/],
    ];
    for (const [text, code, words] of cases) {
      const res = await put(id, 'en', text);
      expect(res, text).toMatchObject({ status: 400, body: { code } });
      expect(res.body.error).toMatch(words);
    }
    expect(await put(id, 'en', Buffer.from([0x31, 0x0a, 0xff, 0xfe]))).toMatchObject({
      status: 400,
      body: { code: 'not_a_caption_file' },
    });
    for (const language of ['english!', 'x', 'en_US'])
      expect((await put(id, language, SRT)).status, language).toBe(400);
    expect((await put(id, 'en', SRT, 'text/html')).status).toBe(415);
    expect((await put(id, 'en', 'x'.repeat(1024 * 1024 + 1))).body.code).toBe('caption_too_large');
    expect(captionFiles()).toEqual(files);
    expect((await api(server, owner.token).get(`/api/videos/${id}/captions`)).body.captions).toEqual([]);
  });

  it('refuses a file that does not fit the storage left (413 quota_exceeded), storing nothing', async () => {
    const id = await upload();
    const files = captionFiles();
    const config = server.ctx.config as { storageQuotaBytes: number };
    const quota = config.storageQuotaBytes;
    config.storageQuotaBytes = (await used()) + Buffer.byteLength(SRT) - 1;
    try {
      expect(await put(id, 'en', SRT)).toMatchObject({ status: 413, body: { code: 'quota_exceeded' } });
    } finally {
      config.storageQuotaBytes = quota;
    }
    expect(captionFiles()).toEqual(files);
  });

  it('removes a track and its file, and the video’s delete removes its tracks’ files; the sweep keeps them', async () => {
    const id = await upload();
    expect((await put(id, 'de', SRT)).status).toBe(200);
    expect((await put(id, 'es', VTT)).status).toBe(200);
    const mine = (await api(server, owner.token).get(`/api/videos/${id}/captions`)).body.captions as {
      language: string;
    }[];
    expect(mine.map((c) => c.language)).toEqual(['de', 'es']);
    const before = captionFiles();
    await sweepStaleUploads(server.ctx, Date.now() + 2 * 60 * 60_000);
    expect(captionFiles()).toEqual(before);

    const removed = await api(server, owner.token).delete(`/api/videos/${id}/captions/de`);
    expect(removed.status).toBe(204);
    expect(captionFiles()).toHaveLength(before.length - 1);
    expect((await api(server, owner.token).delete(`/api/videos/${id}/captions/de`)).status).toBe(404);
    expect((await api(server, owner.token).delete(`/api/videos/${id}`)).status).toBe(200);
    expect(captionFiles()).toHaveLength(before.length - 2);
  });

  it('answers 404 to every call on another user’s video', async () => {
    const id = await upload();
    expect((await put(id, 'en', SRT)).status).toBe(200);
    const other = api(server, stranger.token);
    expect((await put(id, 'en', SRT, 'text/plain', stranger.token)).status).toBe(404);
    expect((await other.get(`/api/videos/${id}/captions`)).status).toBe(404);
    expect((await other.get(`/api/videos/${id}/captions/en`)).status).toBe(404);
    expect((await other.delete(`/api/videos/${id}/captions/en`)).status).toBe(404);
    expect((await api(server, owner.token).get(`/api/videos/${id}/captions`)).body.captions).toHaveLength(1);
  });
});
