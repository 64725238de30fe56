import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adapterHarness } from '../../../test/adapter-conformance';
import { control, fileSource } from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { connectAccount, publishRequest, runPublishLoop } from '../../../test/publish-loop';
import type { ConnectedAccount, PlatformAdapter, PublishCover } from '../platform-adapter';
import { YouTubeAdapter } from './youtube.adapter';

const h = adapterHarness((options) => new YouTubeAdapter(options));
let verified: ConnectedAccount;
let unverified: ConnectedAccount;

/** The consent page of the emulator's second channel, which is not verified (login_hint picks it). */
function asSecondChannel(adapter: PlatformAdapter): PlatformAdapter {
  return Object.assign(Object.create(adapter) as PlatformAdapter, {
    authorizeUrl: (input: Parameters<PlatformAdapter['authorizeUrl']>[0]) => {
      const url = new URL(adapter.authorizeUrl(input));
      url.searchParams.set('login_hint', 'second.creator@sandbox.example');
      return url.toString();
    },
  });
}

beforeAll(async () => {
  ({ account: verified } = await connectAccount(h.adapter));
  ({ account: unverified } = await connectAccount(asSecondChannel(h.adapter)));
});

const png = () => mediaFixtures().still;
const imageCover = (): PublishCover => ({
  kind: 'image',
  image: fileSource(png(), { mimeType: 'image/png' }),
  width: 320,
  height: 240,
  publicUrl: null,
});

async function publishWith(account: ConnectedAccount, cover: PublishCover | null) {
  const request = {
    ...publishRequest(account, fileSource(mediaFixtures().video), { options: { privacy: 'unlisted' } }),
    cover,
  };
  const result = await runPublishLoop(h.make(), request);
  if (result.stopped) throw new Error('stopped');
  const item = (await control.published(h.emu)).items.find(
    (i) => i.platform === 'youtube' && i.id === result.post.platformPostId,
  );
  return { result, item };
}

describe('YouTube custom thumbnails', () => {
  it('sets the image cover with thumbnails.set after the video is in, as a step of its own', async () => {
    const { result, item } = await publishWith(verified, imageCover());
    expect(result.steps.map((s) => s.journal.step)).toContain('cover');
    expect(result.post.coverError).toBeUndefined();
    expect(item?.cover).toEqual({
      imageBytes: fs.statSync(png()).size,
      imageSha256: createHash('sha256').update(fs.readFileSync(png())).digest('hex'),
    });
    // The step after the post: a correction can no longer reach the video, and nothing is sent again.
    expect(h.make().postPresence({ step: 'cover' })).toBe('held');
  });

  it("leaves the video published with YouTube's refusal in its words when the channel may not set thumbnails", async () => {
    const { result, item } = await publishWith(unverified, imageCover());
    expect(result.post.url).toMatch(/watch\?v=/);
    expect(result.post.coverError).toBe(
      "The authenticated user doesn't have permissions to upload and set custom video thumbnails.",
    );
    expect(item).toBeDefined();
    expect(item?.cover).toBeUndefined();
  });

  it('sends no thumbnail for a frame cover (YouTube takes no frame offset) or for none', async () => {
    for (const cover of [{ kind: 'frame', frameMs: 500 } as const, null]) {
      const { result, item } = await publishWith(verified, cover);
      expect(result.steps.map((s) => s.journal.step)).not.toContain('cover');
      expect(item?.cover).toBeUndefined();
    }
  });
});
