import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { adapterHarness } from '../../../test/adapter-conformance';
import { control, fileSource } from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { connectAccount, publishRequest, runPublishLoop } from '../../../test/publish-loop';
import type { ConnectedAccount, PublishCover } from '../platform-adapter';
import { TikTokAdapter } from './tiktok.adapter';

const h = adapterHarness((options) => new TikTokAdapter(options));
let account: ConnectedAccount;
beforeAll(async () => {
  ({ account } = await connectAccount(h.adapter));
});

async function postCover(cover: PublishCover | null) {
  const request = {
    ...publishRequest(account, fileSource(mediaFixtures().video), {
      caption: `Cover ${randomUUID()}`,
      options: { privacyLevel: 'SELF_ONLY' },
    }),
    cover,
  };
  const result = await runPublishLoop(h.make(), request);
  if (result.stopped) throw new Error('stopped');
  const items = (await control.published(h.emu)).items;
  return items.find((i) => i.platform === 'tiktok' && i.id === result.post.platformPostId)!.cover;
}

describe('TikTok covers', () => {
  it("sends the video's frame as post_info.video_cover_timestamp_ms", async () => {
    expect(await postCover({ kind: 'frame', frameMs: 1500 })).toEqual({ frameMs: 1500 });
  });

  it('sends no cover for an image (TikTok takes a frame only) or for none', async () => {
    const image: PublishCover = {
      kind: 'image',
      image: fileSource(mediaFixtures().still, { mimeType: 'image/png' }),
      width: 320,
      height: 240,
      publicUrl: null,
    };
    expect(await postCover(image)).toBeUndefined();
    expect(await postCover(null)).toBeUndefined();
  });
});
