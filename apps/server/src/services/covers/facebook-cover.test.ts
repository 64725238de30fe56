import fs from 'node:fs';
import type { Connection } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmChoosing,
  deliverCallback,
  pendingIdOf,
  sandboxEmulator,
  startConnect,
} from '../../../test/connections';
import { control, decideOnAuthorizePage } from '../../../test/emulator';
import { api, authHeaders, createProject, registerUser } from '../../../test/factories';
import { mediaFixtures } from '../../../test/fixtures';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { settled, uniqueCaption, uploadedVideo, type Publisher } from '../publishing/publishing-test-support';

// Graph API "Video Thumbnails": creating one takes pages_read_user_content, which older grants lack.
describe('a Facebook Page video with an image cover', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  async function facebookPublisher(withThumbnailPermission: boolean): Promise<Publisher & { page: Connection }> {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    const url = new URL(await startConnect(server, token, 'facebook', project.id));
    if (!withThumbnailPermission) {
      const scopes = url.searchParams.get('scope')!.split(',');
      url.searchParams.set('scope', scopes.filter((s) => s !== 'pages_read_user_content').join(','));
    }
    const back = await decideOnAuthorizePage(url.toString(), 'approve');
    const id = pendingIdOf(await deliverCallback(server, back))!;
    const [page] = (await confirmChoosing(server, token, id, (ids) => ids.slice(0, 1))).body
      .connections as Connection[];
    return { token, projectId: project.id, connectionId: page!.id, as: api(server, token), page: page! };
  }

  async function publishWithImageCover(who: Publisher) {
    const videoId = await uploadedVideo(server, who);
    const cover = await fetch(`${server.url}/api/videos/${videoId}/cover/image`, {
      method: 'PUT',
      headers: { ...authHeaders(who.token), 'content-type': 'image/png' },
      body: fs.readFileSync(mediaFixtures().still),
    });
    expect(cover.status).toBe(200);
    const made = await who.as.post(`/api/videos/${videoId}/posts`, {
      targets: [
        {
          platform: 'facebook',
          connectionId: who.connectionId,
          caption: uniqueCaption('cover'),
          options: { kind: 'video' },
        },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return settled(who, made.body.posts[0].id);
  }

  it('gets the image as its thumbnail, and no cover error', async () => {
    const done = await publishWithImageCover(await facebookPublisher(true));
    expect(done.status, JSON.stringify(done)).toBe('published');
    expect(done.coverError).toBeNull();
    const item = (await control.published(sandboxEmulator(server))).items.find(
      (i) => i.platform === 'facebook' && i.id === done.platformPostId,
    );
    expect(item?.cover?.imageBytes).toBe(fs.statSync(mediaFixtures().still).size);
  });

  it("is published all the same without the permission, with Facebook's refusal in its words", async () => {
    const who = await facebookPublisher(false);
    expect(who.page.missingFeatures.map((f) => f.feature)).toContain('cover');
    const done = await publishWithImageCover(who);
    expect(done.status, JSON.stringify(done)).toBe('published');
    expect(done.coverError).toMatch(/pages_read_user_content/);
    const page = (await who.as.get(`/api/connections?project_id=${who.projectId}`)).body.connections[0] as Connection;
    expect(page.status).toBe('connected');
  });
});
