import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  control,
  fileSource,
  sandboxAdapterOptions,
  startTestEmulator,
  type TestEmulator,
} from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { runPublishLoop } from '../../../test/publish-loop';
import type { ConnectedAccount, PublishCover } from '../platform-adapter';
import { connectThrough, publishRequest } from '../meta/meta.test-support';
import { InstagramAdapter } from './instagram.adapter';

let emu: TestEmulator;
let account: ConnectedAccount;
const instagram = () => new InstagramAdapter(sandboxAdapterOptions(emu, {}, 'instagram'));
beforeAll(async () => {
  emu = await startTestEmulator();
  ({ account } = await connectThrough(instagram()));
});
afterAll(() => emu.stop());

const image = (publicUrl: string | null): PublishCover => ({
  kind: 'image',
  image: fileSource(mediaFixtures().still, { mimeType: 'image/png' }),
  width: 320,
  height: 240,
  publicUrl,
});

/** Publishes the small clip as a Reel with this cover (and options); what the emulator recorded as its cover. */
async function reelCover(cover: PublishCover | null, options: Record<string, unknown> = {}) {
  const request = { ...publishRequest(account, mediaFixtures().video, { caption: randomUUID(), options }), cover };
  const result = await runPublishLoop(instagram(), request);
  if (result.stopped) throw new Error('stopped');
  const items = (await control.published(emu)).items;
  return items.find((i) => i.platform === 'instagram' && i.id === result.post.platformPostId)!.cover;
}

describe('Instagram Reel covers', () => {
  it("sends the video's frame as thumb_offset", async () => {
    expect(await reelCover({ kind: 'frame', frameMs: 1200 })).toEqual({ frameMs: 1200 });
  });

  it("keeps a post's own coverFrameMs option ahead of the video's cover", async () => {
    expect(await reelCover({ kind: 'frame', frameMs: 1200 }, { coverFrameMs: 300 })).toEqual({ frameMs: 300 });
    expect(await reelCover(image('https://fanout.example.com/uploads/c.png'), { coverFrameMs: 0 })).toEqual({
      frameMs: 0,
    });
  });

  it('sends an image as cover_url only when it has an internet address, else no cover at all', async () => {
    expect(await reelCover(image('https://fanout.example.com/uploads/c.png'))).toEqual({
      imageUrl: 'https://fanout.example.com/uploads/c.png',
    });
    expect(await reelCover(image(null))).toBeUndefined();
    expect(await reelCover(null)).toBeUndefined();
  });
});
