import { afterEach, describe, expect, it } from 'vitest';
import { adapterHarness } from '../../../test/adapter-conformance';
import { control, fileSource } from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { connectAccount, publishRequest, runPublishLoop } from '../../../test/publish-loop';
import { TikTokAdapter } from './tiktok.adapter';

const h = adapterHarness((options) => new TikTokAdapter(options));
afterEach(() => control.reset(h.emu));

/** What the emulated TikTok kept of the post_info a publish sent. */
async function sentWith(options: Record<string, unknown>) {
  const { account } = await connectAccount(h.adapter);
  const request = publishRequest(account, fileSource(mediaFixtures().video), { caption: 'Options', options });
  const result = await runPublishLoop(h.adapter, request);
  if (result.stopped) throw new Error('stopped');
  return h.emu.ctx.store.collection<Record<string, unknown>>('tiktok.publishes').get(String(result.journal.publishId));
}

describe('TikTok options', () => {
  it('sends the "AI-generated content" label as post_info.is_aigc, off unless turned on', async () => {
    expect(await sentWith({ privacyLevel: 'SELF_ONLY', isAigc: true })).toMatchObject({ isAigc: true });
    expect(await sentWith({ privacyLevel: 'SELF_ONLY' })).toMatchObject({ isAigc: false });
  });
});
