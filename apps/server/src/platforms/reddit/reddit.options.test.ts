import { beforeAll, describe, expect, it } from 'vitest';
import { adapterHarness } from '../../../test/adapter-conformance';
import { fileSource } from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { connectAccount, publishRequest, runPublishLoop } from '../../../test/publish-loop';
import type { ConnectedAccount } from '../platform-adapter';
import { RedditAdapter } from './reddit.adapter';

const h = adapterHarness((options) => new RedditAdapter(options));
let account: ConnectedAccount;
beforeAll(async () => ({ account } = await connectAccount(h.adapter)));

/** What the emulated Reddit kept of the submission a publish made. */
async function sentWith(caption: string, options: Record<string, unknown>) {
  const poster = fileSource(mediaFixtures().still, { mimeType: 'image/png' });
  const request = publishRequest(account, fileSource(mediaFixtures().video), { caption, options }, poster);
  const result = await runPublishLoop(h.adapter, request);
  if (result.stopped) throw new Error('stopped');
  return h.emu.ctx.store.collection<Record<string, unknown>>('reddit.posts').get(result.post.platformPostId);
}

describe('Reddit options', () => {
  it('sends "Send me reply notifications" as sendreplies: on unless turned off, as on Reddit', async () => {
    expect(await sentWith('Replies off', { sendReplies: false })).toMatchObject({ sendReplies: false });
    expect(await sentWith('Replies by default', {})).toMatchObject({ sendReplies: true });
  });

  it('marks the post NSFW and as a spoiler when chosen, and neither by default', async () => {
    expect(await sentWith('Marked', { nsfw: true, spoiler: true })).toMatchObject({ nsfw: true, spoiler: true });
    expect(await sentWith('Unmarked', {})).toMatchObject({ nsfw: false, spoiler: false });
  });
});
