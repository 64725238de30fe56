import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount, sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { api, authHeaders, createProject, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { postTo, settled, uniqueCaption, uploadedVideo, type Publisher } from '../publishing/publishing-test-support';

const FORCE_SSL = 'https://www.googleapis.com/auth/youtube.force-ssl';
const SRT = '1\n00:00:00,200 --> 00:00:00,900\nHello\n\n2\n00:00:01,000 --> 00:00:01,800\nBye\n';
const VTT = 'WEBVTT\n\n00:00.100 --> 00:00.800\nBonjour\n';

describe('a video’s captions on YouTube (captions.insert after the post)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  async function youtubePublisher(withoutScope?: string): Promise<Publisher> {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    await connectAccount(server, token, 'youtube', project.id, 'approve', (url) => {
      if (!withoutScope) return;
      const scopes = (url.searchParams.get('scope') ?? '').split(' ').filter((s) => s !== withoutScope);
      url.searchParams.set('scope', scopes.join(' '));
    });
    const as = api(server, token);
    const connections = (await as.get(`/api/connections?project_id=${project.id}`)).body.connections as {
      id: number;
    }[];
    return { token, projectId: project.id, connectionId: connections[0]!.id, as };
  }

  async function captionedVideo(who: Publisher): Promise<number> {
    const videoId = await uploadedVideo(server, who);
    for (const [language, text, query] of [
      ['en', SRT, '?label=English'],
      ['fr-CA', VTT, ''],
    ] as const) {
      const res = await fetch(`${server.url}/api/videos/${videoId}/captions/${language}${query}`, {
        method: 'PUT',
        headers: { ...authHeaders(who.token), 'content-type': 'text/plain' },
        body: text,
      });
      expect(res.status).toBe(200);
    }
    return videoId;
  }

  const youtubeItem = async (id: string | null) =>
    (await control.published(sandboxEmulator(server))).items.find((i) => i.platform === 'youtube' && i.id === id) as
      { captions?: { language: string; name?: string; format: string; cueCount: number }[] } | undefined;

  it('sends each track once after the video is live, with its language, name and cues', async () => {
    const who = await youtubePublisher();
    const videoId = await captionedVideo(who);
    const post = await postTo(who, 'youtube', videoId, uniqueCaption('captions'), undefined, { privacy: 'unlisted' });
    const done = await settled(who, post.id);
    expect(done.status).toBe('published');
    expect(done.captionsError).toBeNull();
    expect((await youtubeItem(done.platformPostId))?.captions).toEqual([
      { language: 'en', name: 'English', format: 'srt', cueCount: 2 },
      { language: 'fr-CA', name: '', format: 'vtt', cueCount: 1 },
    ]);
  });

  it("is published all the same when YouTube refuses a track, and the post shows YouTube's words", async () => {
    const who = await youtubePublisher();
    const videoId = await captionedVideo(who);
    const message = 'The caption track could not be read.';
    await control.fault(sandboxEmulator(server), { platform: 'youtube', kind: 'reject', step: 'captions', message });
    const post = await postTo(who, 'youtube', videoId, uniqueCaption('refused'), undefined, { privacy: 'unlisted' });
    const done = await settled(who, post.id);
    expect(done.status).toBe('published');
    expect(done.captionsError).toBe(`en: ${message}`);
    expect((await youtubeItem(done.platformPostId))?.captions?.map((c) => c.language)).toEqual(['fr-CA']);
  });

  it('refuses a post of a captioned video to an account connected without the captions permission', async () => {
    const who = await youtubePublisher(FORCE_SSL);
    const videoId = await captionedVideo(who);
    const refused = await who.as.post(`/api/videos/${videoId}/posts`, {
      targets: [{ platform: 'youtube', caption: 'Dawn', options: { privacy: 'public' } }],
    });
    expect(refused).toMatchObject({ status: 409, body: { code: 'reconnect_to_allow' } });
    expect(refused.body.error).toMatch(/Reconnect YouTube .* to allow sending captions/);
    expect((await who.as.get(`/api/videos/${videoId}/posts`)).body.posts).toHaveLength(0);
    // A video without captions still goes out from that account.
    const plain = await uploadedVideo(server, who);
    const post = await postTo(who, 'youtube', plain, uniqueCaption('plain'), undefined, { privacy: 'unlisted' });
    expect((await settled(who, post.id)).status).toBe('published');
  });
});
