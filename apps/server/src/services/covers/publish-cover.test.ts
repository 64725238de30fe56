import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount, sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { api, createProject, registerUser } from '../../../test/factories';
import { mediaFixtures, uploadVideo } from '../../../test/fixtures';
import { runPublishLoop } from '../../../test/publish-loop';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { findVideoOfUser } from '../../repositories/videos.repository';
import { getPublishingAccount } from '../connections/publishing-account.service';
import { buildPublishRequest } from '../publishing/publish-request';
import { coverImageAddress, isInternetAddress } from './public-address';

describe('a video’s cover on its way to the platforms', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  /** A new person's project with the test video uploaded, and these platforms connected to it. */
  async function videoAndAccounts(platforms: readonly ('tiktok' | 'instagram')[]) {
    const { token, user } = await registerUser(server);
    const project = await createProject(server, token);
    const uploaded = await uploadVideo(server, token, { file: mediaFixtures().video, projectId: project.id });
    for (const platform of platforms) await connectAccount(server, token, platform, project.id);
    const connections = (await api(server, token).get(`/api/connections?project_id=${project.id}`)).body
      .connections as { id: number; platform: string }[];
    return { token, user, videoId: uploaded.body.video.id as number, connections };
  }

  /** The video with a frame `frameMs` in as its cover, as the publish runner reads it. */
  async function withFrameCover(token: string, userId: number, videoId: number, frameMs: number) {
    expect((await api(server, token).put(`/api/videos/${videoId}/cover`, { frameMs })).status).toBe(200);
    return (await findVideoOfUser(server.ctx.db, videoId, userId))!;
  }

  it('sends the frame chosen on the video to TikTok and Instagram, read from the stored video', async () => {
    const { token, user, videoId, connections } = await videoAndAccounts(['tiktok', 'instagram']);
    const video = await withFrameCover(token, user.id, videoId, 1250);

    const ids: Record<string, string> = {};
    for (const connection of connections) {
      const { adapter, account } = await getPublishingAccount(server.ctx, connection.id);
      const request = buildPublishRequest(server.ctx, video, account, {
        title: video.title,
        caption: `Covered on ${connection.platform}`,
        tags: [],
        options: connection.platform === 'tiktok' ? { privacyLevel: 'SELF_ONLY' } : {},
      });
      expect(request.cover).toEqual({ kind: 'frame', frameMs: 1250 });
      const result = await runPublishLoop(adapter, request, { maxWaitMs: 100 });
      if (result.stopped) throw new Error('stopped');
      ids[connection.platform] = result.post.platformPostId;
    }
    const published = (await control.published(sandboxEmulator(server))).items;
    for (const platform of ['tiktok', 'instagram'])
      expect(published.find((p) => p.platform === platform && p.id === ids[platform])?.cover, platform).toEqual({
        frameMs: 1250,
      });
  });

  it('gives a trimmed copy the chosen frame where the copy has it, not where the video had it', async () => {
    const { token, user, videoId, connections } = await videoAndAccounts(['tiktok']);
    const video = await withFrameCover(token, user.id, videoId, 1250);
    const { account } = await getPublishingAccount(server.ctx, connections[0]!.id);
    const fields = { title: video.title, caption: 'Trimmed', tags: [], options: { privacyLevel: 'SELF_ONLY' } };
    const copy = {
      storage_key: 'renditions/trimmed.mp4',
      size_bytes: 1000,
      width: 1080,
      height: 1920,
      duration_ms: 2000,
      steps: [{ kind: 'trim', startMs: 1000, endMs: 3000 }],
    };
    expect(buildPublishRequest(server.ctx, video, account, fields, copy).cover).toEqual({
      kind: 'frame',
      frameMs: 250,
    });
    expect(buildPublishRequest(server.ctx, video, account, fields).cover).toEqual({ kind: 'frame', frameMs: 1250 });
  });

  it('hands adapters the uploaded image from the storage, with no internet address on a loopback PUBLIC_URL', async () => {
    const { token, user, videoId, connections } = await videoAndAccounts(['instagram']);
    const png = fs.readFileSync(mediaFixtures().still);
    const res = await fetch(`${server.url}/api/videos/${videoId}/cover/image`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      body: png,
    });
    expect(res.status).toBe(200);
    const video = (await findVideoOfUser(server.ctx.db, videoId, user.id))!;
    const { account } = await getPublishingAccount(server.ctx, connections[0]!.id);
    const request = buildPublishRequest(server.ctx, video, account, { title: '', caption: '', tags: [], options: {} });
    if (request.cover?.kind !== 'image') throw new Error('no image cover');
    expect(request.cover).toMatchObject({ width: 320, height: 240, publicUrl: null });
    expect(request.cover.image.mimeType).toBe('image/png');
    const chunks: Buffer[] = [];
    for await (const chunk of request.cover.image.read()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(png)).toBe(true);
  });

  it('counts only internet addresses as public', () => {
    for (const local of [
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://10.1.2.3',
      'http://192.168.1.20:3000',
      'http://169.254.169.254',
      'http://fanout',
      'http://fanout.local',
      'https://box.internal',
    ])
      expect(isInternetAddress(local), local).toBe(false);
    for (const open of ['https://fanout.example.com', 'http://203.0.113.9:8080', 'https://app.fanout.io/base'])
      expect(isInternetAddress(open), open).toBe(true);
    expect(coverImageAddress('https://fanout.example.com', 'abc.png')).toBe(
      'https://fanout.example.com/uploads/abc.png',
    );
    expect(coverImageAddress('http://localhost:3000', 'abc.png')).toBeNull();
  });
});
