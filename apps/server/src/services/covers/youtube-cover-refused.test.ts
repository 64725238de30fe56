import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount, sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { api, authHeaders, createProject, registerUser } from '../../../test/factories';
import { mediaFixtures } from '../../../test/fixtures';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { postTo, settled, uniqueCaption, uploadedVideo, type Publisher } from '../publishing/publishing-test-support';

// Custom thumbnails need a verified channel (platform-apis.md §4); the emulator's second channel is not one.
describe('a YouTube post whose channel may not set custom thumbnails', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  async function youtubePublisher(channelEmail: string): Promise<Publisher> {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    await connectAccount(server, token, 'youtube', project.id, 'approve', (url) =>
      url.searchParams.set('login_hint', channelEmail),
    );
    const as = api(server, token);
    const connections = (await as.get(`/api/connections?project_id=${project.id}`)).body.connections as {
      id: number;
    }[];
    return { token, projectId: project.id, connectionId: connections[0]!.id, as };
  }

  async function publishWithImageCover(who: Publisher) {
    const videoId = await uploadedVideo(server, who);
    const cover = await fetch(`${server.url}/api/videos/${videoId}/cover/image`, {
      method: 'PUT',
      headers: { ...authHeaders(who.token), 'content-type': 'image/png' },
      body: fs.readFileSync(mediaFixtures().still),
    });
    expect(cover.status).toBe(200);
    const post = await postTo(who, 'youtube', videoId, uniqueCaption('cover'), undefined, { privacy: 'unlisted' });
    return settled(who, post.id);
  }

  it("is published all the same, and the post shows YouTube's refusal in its words", async () => {
    const done = await publishWithImageCover(await youtubePublisher('second.creator@sandbox.example'));
    expect(done.status).toBe('published');
    expect(done.url).toMatch(/watch\?v=/);
    expect(done.coverError).toBe(
      "The authenticated user doesn't have permissions to upload and set custom video thumbnails.",
    );
  });

  it('gets the image as its thumbnail on a verified channel, and no cover error', async () => {
    const done = await publishWithImageCover(await youtubePublisher('fanout.demo@sandbox.example'));
    expect(done.status).toBe('published');
    expect(done.coverError).toBeNull();
    const item = (await control.published(sandboxEmulator(server))).items.find(
      (i) => i.platform === 'youtube' && i.id === done.platformPostId,
    );
    expect(item?.cover?.imageBytes).toBe(fs.statSync(mediaFixtures().still).size);
  });
});
