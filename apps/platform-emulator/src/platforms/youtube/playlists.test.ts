import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, G, getJson, metadata, related, startYoutube, videoBytes, type TestYoutube } from './test-helpers';

const FULL = `${G}youtube.upload ${G}youtube.readonly ${G}youtube.force-ssl`;
let t: TestYoutube;
beforeEach(async () => {
  t = await startYoutube();
});
afterEach(() => t.stop());

/** A video uploaded in one multipart request; its id. */
async function upload(token: string): Promise<string> {
  const { body, contentType } = related(metadata(), videoBytes(2048));
  const res = await fetch(t.api('/upload/youtube/v3/videos?uploadType=multipart&part=snippet,status'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

const insert = (token: string, playlistId: string, videoId: string) =>
  fetch(t.api('/youtube/v3/playlistItems?part=snippet'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ snippet: { playlistId, resourceId: { kind: 'youtube#video', videoId } } }),
  });

const mine = (token: string) =>
  getJson(t.api('/youtube/v3/playlists?part=snippet,status&mine=true&maxResults=50'), token);

describe('YouTube playlists', () => {
  it("lists the channel's own two seeded playlists, and one added by the control API", async () => {
    const { accessToken } = await connect(t, { scope: FULL });
    expect((await mine(accessToken)).body.items.map((p: { snippet: { title: string } }) => p.snippet.title)).toEqual([
      'Shorts',
      'Travel',
    ]);
    const added = await fetch(`${t.emu.url}/_control/youtube/playlists`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Recipes' }),
    });
    expect(added.status).toBe(201);
    const list = await mine(accessToken);
    expect(list.body.kind).toBe('youtube#playlistListResponse');
    expect(list.body.items[0].snippet.title).toBe('Recipes');
    expect(list.body.items[0].id).toMatch(/^PL[\w-]{32}$/);
  });

  it('pages with maxResults and pageToken, and refuses a maxResults over 50', async () => {
    const { accessToken } = await connect(t, { scope: FULL });
    const first = await getJson(t.api('/youtube/v3/playlists?part=snippet&mine=true&maxResults=1'), accessToken);
    expect(first.body.items).toHaveLength(1);
    const token = first.body.nextPageToken as string;
    const second = await getJson(
      t.api(`/youtube/v3/playlists?part=snippet&mine=true&maxResults=1&pageToken=${token}`),
      accessToken,
    );
    expect(second.body.items[0].snippet.title).toBe('Travel');
    expect(second.body.nextPageToken).toBeUndefined();
    const over = await getJson(t.api('/youtube/v3/playlists?part=snippet&mine=true&maxResults=51'), accessToken);
    expect(over.status).toBe(400);
  });

  it('adds the video to the playlist once per insert, recorded for the control API', async () => {
    const { accessToken } = await connect(t, { scope: FULL });
    const videoId = await upload(accessToken);
    const res = await insert(accessToken, 'PLsandboxFanoutTravel0000000000001', videoId);
    expect(res.status).toBe(200);
    const item = (await res.json()) as { kind: string; snippet: { position: number; resourceId: { videoId: string } } };
    expect(item.kind).toBe('youtube#playlistItem');
    expect(item.snippet.resourceId.videoId).toBe(videoId);
    const recorded = (await (await fetch(`${t.emu.url}/_control/youtube/playlist-items`)).json()) as {
      items: { playlistId: string; videoId: string }[];
    };
    expect(recorded.items).toEqual([
      expect.objectContaining({ playlistId: 'PLsandboxFanoutTravel0000000000001', videoId }),
    ]);
    const read = await getJson(
      t.api(`/youtube/v3/playlistItems?part=id&playlistId=PLsandboxFanoutTravel0000000000001&videoId=${videoId}`),
      accessToken,
    );
    expect(read.body.items).toHaveLength(1);
  });

  it('refuses a deleted playlist (404 playlistNotFound) and another channel’s (403 playlistItemsNotAccessible)', async () => {
    const { accessToken } = await connect(t, { scope: FULL });
    const videoId = await upload(accessToken);
    await fetch(`${t.emu.url}/_control/youtube/playlists/PLsandboxFanoutShorts0000000000002`, { method: 'DELETE' });
    const gone = await insert(accessToken, 'PLsandboxFanoutShorts0000000000002', videoId);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason).toBe(
      'playlistNotFound',
    );
    const other = await connect(t, { scope: FULL, login_hint: 'second.creator@sandbox.example' });
    const theirs = await insert(other.accessToken, 'PLsandboxFanoutTravel0000000000001', videoId);
    expect(theirs.status).toBe(403);
  });

  it('takes playlistItems.insert only with a scope its discovery entry names (youtube.readonly is not one)', async () => {
    const { accessToken } = await connect(t);
    const videoId = await upload(accessToken);
    const refused = await insert(accessToken, 'PLsandboxFanoutTravel0000000000001', videoId);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason).toBe(
      'insufficientPermissions',
    );
    // playlists.list names youtube.readonly: the same grant may list.
    expect((await mine(accessToken)).status).toBe(200);
  });
});
