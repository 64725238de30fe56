import { beforeAll, describe, expect, it } from 'vitest';
import { adapterHarness } from '../../../test/adapter-conformance';
import { fileSource } from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { connectAccount, publishRequest, runPublishLoop } from '../../../test/publish-loop';
import type { ConnectedAccount } from '../platform-adapter';
import { YouTubeAdapter } from './youtube.adapter';

const h = adapterHarness((options) => new YouTubeAdapter(options));
const TRAVEL = 'PLsandboxFanoutTravel0000000000001';
const SHORTS = 'PLsandboxFanoutShorts0000000000002';
let channel: ConnectedAccount;
beforeAll(async () => {
  ({ account: channel } = await connectAccount(h.adapter));
});

const emulator = (path: string, init?: RequestInit) => fetch(`${h.emu.url}${path}`, init);
async function itemsOf(videoId: string) {
  const { items } = (await (await emulator('/_control/youtube/playlist-items')).json()) as {
    items: { playlistId: string; videoId: string }[];
  };
  return items.filter((i) => i.videoId === videoId).map((i) => i.playlistId);
}
async function newPlaylist(title: string): Promise<string> {
  const res = await emulator('/_control/youtube/playlists', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title }),
  });
  return ((await res.json()) as { playlist: { id: string } }).playlist.id;
}

const request = (playlistIds: string[]) =>
  publishRequest(channel, fileSource(mediaFixtures().video), { options: { privacy: 'unlisted', playlistIds } });

describe('YouTube playlists', () => {
  it("lists the channel's own playlists (playlists.list, mine=true)", async () => {
    const playlists = await h.adapter.playlists(channel);
    expect(playlists).toEqual(
      expect.arrayContaining([
        { id: TRAVEL, title: 'Travel', privacy: 'public', itemCount: expect.any(Number) },
        { id: SHORTS, title: 'Shorts', privacy: 'unlisted', itemCount: expect.any(Number) },
      ]),
    );
  });

  it('adds the published video to each chosen playlist, one step each, after the video is in', async () => {
    const result = await runPublishLoop(h.make(), request([TRAVEL, SHORTS]));
    if (result.stopped) throw new Error('stopped');
    expect(result.steps.filter((s) => s.journal.step === 'playlists')).toHaveLength(2);
    expect(result.post.playlistError).toBeUndefined();
    expect(await itemsOf(result.post.platformPostId)).toEqual([TRAVEL, SHORTS]);
    expect(h.make().postPresence({ step: 'playlists' })).toBe('held');
  });

  it('never adds the video twice when a step is run again after YouTube took its insert', async () => {
    const adapter = h.make();
    const req = request([TRAVEL]);
    const first = await runPublishLoop(adapter, req, { stopWhen: (r) => r.journal.step === 'playlists' });
    const atPlaylists = first.journal;
    await adapter.publishStep(req, atPlaylists);
    const again = await adapter.publishStep(req, atPlaylists);
    if (!again.done) throw new Error('not done');
    expect(await itemsOf(again.post.platformPostId)).toEqual([TRAVEL]);
  });

  it("leaves the video published with YouTube's words when a chosen playlist was deleted since", async () => {
    const gone = await newPlaylist('Soon gone');
    await emulator(`/_control/youtube/playlists/${gone}`, { method: 'DELETE' });
    const result = await runPublishLoop(h.make(), request([gone, TRAVEL]));
    if (result.stopped) throw new Error('stopped');
    expect(result.post.url).toMatch(/watch\?v=/);
    expect(result.post.playlistError).toBe(
      `The playlist identified with the request's playlistId parameter cannot be found. (playlist ${gone})`,
    );
    // The other playlist still got the video.
    expect(await itemsOf(result.post.platformPostId)).toEqual([TRAVEL]);
  });
});
