import { beforeAll, describe, expect, it } from 'vitest';
import { adapterHarness } from '../../../test/adapter-conformance';
import { fileSource } from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { connectAccount, publishRequest, runPublishLoop } from '../../../test/publish-loop';
import type { ConnectedAccount } from '../platform-adapter';
import { YouTubeAdapter } from './youtube.adapter';

const h = adapterHarness((options) => new YouTubeAdapter(options));
let account: ConnectedAccount;
beforeAll(async () => ({ account } = await connectAccount(h.adapter)));

/** What the emulated YouTube kept of the video a publish inserted. */
async function sentWith(options: Record<string, unknown>) {
  const request = publishRequest(account, fileSource(mediaFixtures().video), { title: 'Options', options });
  const result = await runPublishLoop(h.adapter, request);
  if (result.stopped) throw new Error('stopped');
  return h.emu.ctx.store.collection<Record<string, unknown>>('youtube.videos').get(result.post.platformPostId);
}

describe('YouTube options', () => {
  it('sends notifySubscribers, the altered or synthetic content flag, the license, embedding and public stats', async () => {
    const options = {
      privacy: 'unlisted',
      notifySubscribers: false,
      containsSyntheticMedia: true,
      license: 'creativeCommon',
      embeddable: false,
      publicStatsViewable: false,
    };
    expect(await sentWith(options)).toMatchObject({
      notifySubscribers: false,
      status: {
        containsSyntheticMedia: true,
        license: 'creativeCommon',
        embeddable: false,
        publicStatsViewable: false,
      },
    });
  });

  it('sends the category, made-for-kids and the video’s tags as the inserted video’s snippet and status', async () => {
    const kept = await sentWith({ privacy: 'unlisted', categoryId: '27', madeForKids: true });
    expect(kept).toMatchObject({
      snippet: { categoryId: '27', tags: ['fanout', 'test'] },
      status: { selfDeclaredMadeForKids: true },
    });
    expect(await sentWith({ privacy: 'unlisted' })).toMatchObject({
      snippet: { categoryId: '22' },
      status: { selfDeclaredMadeForKids: false },
    });
  });

  it("left out, YouTube's own defaults are sent: subscribers told, standard license, embeddable, stats shown", async () => {
    expect(await sentWith({ privacy: 'unlisted' })).toMatchObject({
      notifySubscribers: true,
      status: { containsSyntheticMedia: false, license: 'youtube', embeddable: true, publicStatsViewable: true },
    });
  });
});
