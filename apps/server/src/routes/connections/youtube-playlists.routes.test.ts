import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount, sandboxEmulator } from '../../../test/connections';
import { api, createProject, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import {
  postTo,
  publisher,
  settled,
  uploadedVideo,
  type Publisher,
} from '../../services/publishing/publishing-test-support';

const FORCE_SSL = 'https://www.googleapis.com/auth/youtube.force-ssl';
const TRAVEL = 'PLsandboxFanoutTravel0000000000001';

describe('YouTube playlists: GET /api/connections/:id/playlists and adding a post to them', () => {
  let server: TestServer;
  let emulator: { url: string };
  beforeAll(async () => {
    server = await startTestServer({ PUBLISH_RETRY_BASE_MS: '100' });
    emulator = sandboxEmulator(server);
  });
  afterAll(() => stopTestServer(server));

  const control = (path: string, init?: RequestInit) => fetch(`${emulator.url}/_control/youtube${path}`, init);
  async function newPlaylist(title: string): Promise<string> {
    const res = await control('/playlists', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title }),
    });
    return ((await res.json()) as { playlist: { id: string } }).playlist.id;
  }
  async function playlistsHolding(videoId: string) {
    const { items } = (await (await control('/playlist-items')).json()) as {
      items: { playlistId: string; videoId: string }[];
    };
    return items.filter((i) => i.videoId === videoId).map((i) => i.playlistId);
  }

  it("lists the channel's own playlists, to its owner only, and to YouTube connections only", async () => {
    const who = await publisher(server, 'youtube');
    const added = await newPlaylist('Recipes');
    const res = await who.as.get(`/api/connections/${who.connectionId}/playlists`);
    expect(res.status).toBe(200);
    expect(res.body.reconnectFor).toBeNull();
    const titles = new Map(res.body.playlists.map((p: { id: string; title: string }) => [p.id, p.title]));
    expect(titles.get(TRAVEL)).toBe('Travel');
    expect(titles.get(added)).toBe('Recipes');

    const stranger = await publisher(server, 'x');
    expect(await stranger.as.get(`/api/connections/${who.connectionId}/playlists`)).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    expect(await stranger.as.get(`/api/connections/${stranger.connectionId}/playlists`)).toMatchObject({
      status: 400,
      body: { code: 'no_playlists' },
    });
  });

  it('publishes the video and adds it to the chosen playlists; a deleted one leaves its words on the published post', async () => {
    const who = await publisher(server, 'youtube');
    const videoId = await uploadedVideo(server, who, 'Harbour tour');
    const doomed = await newPlaylist('Doomed');
    const post = await postTo(who, 'youtube', videoId, 'Harbour', undefined, {
      privacy: 'unlisted',
      playlistIds: [TRAVEL, doomed],
    });
    expect(post.options).toMatchObject({ playlistIds: [TRAVEL, doomed] });
    await control(`/playlists/${doomed}`, { method: 'DELETE' });
    const done = await settled(who, post.id);
    expect(done.status).toBe('published');
    expect(done.playlistError).toBe(
      `The playlist identified with the request's playlistId parameter cannot be found. (playlist ${doomed})`,
    );
    expect(await playlistsHolding(done.platformPostId!)).toEqual([TRAVEL]);
  });

  it('a channel connected before youtube.force-ssl was asked: the list says to reconnect, a post with playlists is 409', async () => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    await connectAccount(server, token, 'youtube', project.id, 'approve', (url) => {
      const scopes = (url.searchParams.get('scope') ?? '').split(' ').filter((s) => s !== FORCE_SSL);
      url.searchParams.set('scope', scopes.join(' '));
    });
    const as = api(server, token);
    const connection = (await as.get(`/api/connections?project_id=${project.id}`)).body.connections[0];
    expect(connection.status).toBe('connected');
    expect(await as.get(`/api/connections/${connection.id}/playlists`)).toMatchObject({
      status: 200,
      body: { playlists: null, reconnectFor: 'adding to playlists' },
    });
    const who: Publisher = { token, projectId: project.id, connectionId: connection.id, as };
    const videoId = await uploadedVideo(server, who);
    const target = { platform: 'youtube', caption: 'Dawn', options: { privacy: 'public', playlistIds: [TRAVEL] } };
    const refused = await as.post(`/api/videos/${videoId}/posts`, { targets: [target] });
    expect(refused).toMatchObject({ status: 409, body: { code: 'reconnect_to_allow' } });
    expect(refused.body.error).toMatch(/Reconnect YouTube .* to allow adding to playlists/);
    expect((await as.get(`/api/videos/${videoId}/posts`)).body.posts).toHaveLength(0);
    const bulk = await as.post('/api/posts/bulk', {
      videoIds: [videoId],
      platforms: ['youtube'],
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      options: { youtube: target.options },
    });
    expect(bulk).toMatchObject({ status: 409, body: { code: 'reconnect_to_allow' } });
    // Without playlists, the same channel publishes as before.
    const made = await as.post(`/api/videos/${videoId}/posts`, {
      targets: [{ ...target, options: { privacy: 'public' } }],
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(made.status).toBe(201);
    const patched = await as.patch(`/api/posts/${made.body.posts[0].id}`, {
      options: { privacy: 'public', playlistIds: [TRAVEL] },
    });
    expect(patched).toMatchObject({ status: 409, body: { code: 'reconnect_to_allow' } });
  });

  it('refuses playlist ids that are not ids, repeated, or more than ten', async () => {
    const who = await publisher(server, 'youtube');
    const videoId = await uploadedVideo(server, who);
    for (const playlistIds of [['not an id!'], [TRAVEL, TRAVEL], Array.from({ length: 11 }, (_, i) => `PLx${i}`)]) {
      const res = await who.as.post(`/api/videos/${videoId}/posts`, {
        targets: [{ platform: 'youtube', caption: 'x', options: { privacy: 'public', playlistIds } }],
      });
      expect(res.status).toBe(400);
      // A known option with a wrong value (not `options.unknown`), in the words of the options table.
      expect(JSON.stringify(res.body)).toContain('"field":"options.playlistIds","rule":"options.invalid"');
    }
  });
});
