import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { PLATFORM_KEYS } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount, sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { api, createProject, registerUser } from '../../../test/factories';
import { mediaFixtures, uploadVideo } from '../../../test/fixtures';
import { runPublishLoop } from '../../../test/publish-loop';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { findVideoOfUser } from '../../repositories/videos.repository';
import { getPublishingAccount } from '../../services/connections/publishing-account.service';
import { buildPublishRequest } from '../../services/publishing/publish-request';

/** Options each platform needs beyond the caption (TikTok never gets a silent privacy default). */
const OPTIONS: Record<string, Record<string, unknown>> = {
  tiktok: { privacyLevel: 'SELF_ONLY' },
  youtube: { privacy: 'unlisted' },
};

describe('a real uploaded video through every platform adapter', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('publishes the stored upload, streamed from storage, on all six sandbox platforms with their links', async () => {
    const { token, user } = await registerUser(server);
    const project = await createProject(server, token);
    const file = mediaFixtures().bigVideo;
    const uploaded = await uploadVideo(server, token, { file, projectId: project.id, title: 'Harbour at dawn' });
    expect(uploaded.status).toBe(201);
    const video = (await findVideoOfUser(server.ctx.db, uploaded.body.video.id, user.id))!;
    const sha256 = createHash('sha256').update(fs.readFileSync(file)).digest('hex');

    const listed = async () =>
      (await api(server, token).get(`/api/connections?project_id=${project.id}`)).body.connections as {
        id: number;
        platform: string;
      }[];
    for (const platform of PLATFORM_KEYS) await connectAccount(server, token, platform, project.id);
    const connections = await listed();
    expect(connections.map((c) => c.platform).sort()).toEqual([...PLATFORM_KEYS].sort());

    const urls: Record<string, string> = {};
    for (const connection of connections) {
      const { adapter, account } = await getPublishingAccount(server.ctx, connection.id);
      const request = buildPublishRequest(server.ctx, video, account, {
        title: video.title,
        caption: `Harbour at dawn on ${connection.platform}`,
        tags: ['harbour'],
        options: OPTIONS[connection.platform] ?? {},
      });
      const result = await runPublishLoop(adapter, request, { maxWaitMs: 100 });
      if (result.stopped) throw new Error('stopped');
      urls[connection.platform] = result.post.url;
    }

    const published = (await control.published(sandboxEmulator(server))).items;
    for (const platform of PLATFORM_KEYS) {
      const item = published.find((p) => p.platform === platform);
      expect(item, platform).toBeDefined();
      expect(item!.bytes, platform).toBe(fs.statSync(file).size);
      expect(item!.sha256, platform).toBe(sha256);
      expect(item!.url, platform).toBe(urls[platform]);
      const page = await fetch(item!.url);
      expect(page.status, `${platform} post page`).toBe(200);
      await page.arrayBuffer();
    }
  });
});
