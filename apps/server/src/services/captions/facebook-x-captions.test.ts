import type { Connection } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmChoosing,
  connectAccount,
  deliverCallback,
  pendingIdOf,
  sandboxEmulator,
  startConnect,
} from '../../../test/connections';
import { control, decideOnAuthorizePage } from '../../../test/emulator';
import { api, authHeaders, createProject, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { postTo, settled, uniqueCaption, uploadedVideo, type Publisher } from '../publishing/publishing-test-support';

const SRT = '1\n00:00:00,200 --> 00:00:00,900\nHello\n\n2\n00:00:01,000 --> 00:00:01,800\nBye\n';
const VTT = 'WEBVTT\n\n00:00.100 --> 00:00.800\nBonjour\n';

describe('a video’s captions on Facebook and X', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  async function facebookPublisher(): Promise<Publisher> {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    const url = await startConnect(server, token, 'facebook', project.id);
    const back = await decideOnAuthorizePage(url, 'approve');
    const id = pendingIdOf(await deliverCallback(server, back))!;
    const [page] = (await confirmChoosing(server, token, id, (ids) => ids.slice(0, 1))).body
      .connections as Connection[];
    return { token, projectId: project.id, connectionId: page!.id, as: api(server, token) };
  }

  async function xPublisher(): Promise<Publisher> {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    await connectAccount(server, token, 'x', project.id, 'approve');
    const as = api(server, token);
    const connections = (await as.get(`/api/connections?project_id=${project.id}`)).body.connections as {
      id: number;
    }[];
    return { token, projectId: project.id, connectionId: connections[0]!.id, as };
  }

  async function captionedVideo(who: Publisher): Promise<number> {
    const videoId = await uploadedVideo(server, who);
    for (const [language, text] of [
      ['en', SRT],
      ['fr-CA', VTT],
    ] as const) {
      const res = await fetch(`${server.url}/api/videos/${videoId}/captions/${language}`, {
        method: 'PUT',
        headers: { ...authHeaders(who.token), 'content-type': 'text/plain' },
        body: text,
      });
      expect(res.status).toBe(200);
    }
    return videoId;
  }

  const itemOf = async (platform: string, id: string | null) =>
    (await control.published(sandboxEmulator(server))).items.find((i) => i.platform === platform && i.id === id);

  it('sends each track to a Facebook Page video, by locale, as SubRip', async () => {
    const who = await facebookPublisher();
    const post = await postTo(who, 'facebook', await captionedVideo(who), uniqueCaption('fb'), undefined, {
      kind: 'video',
    });
    const done = await settled(who, post.id);
    expect(done.status, JSON.stringify(done)).toBe('published');
    expect(done.captionsError).toBeNull();
    expect((await itemOf('facebook', done.platformPostId))?.captions).toEqual([
      { language: 'en_US', format: 'srt', cueCount: 2 },
      { language: 'fr_CA', format: 'srt', cueCount: 1 },
    ]);
  });

  it("posts on X with the tracks as subtitles, and shows X's words for a refused one", async () => {
    const who = await xPublisher();
    const message = 'The subtitles could not be associated';
    await control.fault(sandboxEmulator(server), {
      platform: 'x',
      kind: 'reject',
      step: 'subtitles',
      message,
      times: 1,
    });
    const post = await postTo(who, 'x', await captionedVideo(who), uniqueCaption('x'));
    const done = await settled(who, post.id);
    expect(done.status, JSON.stringify(done)).toBe('published');
    expect(done.captionsError).toMatch(new RegExp(`^en: .*${message}`));
    expect((await itemOf('x', done.platformPostId))?.captions).toEqual([
      { language: 'FR', name: 'fr-CA', format: 'srt', cueCount: 1 },
    ]);
  });
});
