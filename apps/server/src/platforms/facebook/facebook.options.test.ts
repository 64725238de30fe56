import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAdapterOptions, startTestEmulator, type TestEmulator } from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { runPublishLoop } from '../../../test/publish-loop';
import type { ConnectedAccount } from '../platform-adapter';
import { connectThrough, publishRequest } from '../meta/meta.test-support';
import { FacebookAdapter } from './facebook.adapter';

let emu: TestEmulator;
let account: ConnectedAccount;
const facebook = () => new FacebookAdapter(sandboxAdapterOptions(emu, {}, 'facebook'));
beforeAll(async () => {
  emu = await startTestEmulator();
  ({ account } = await connectThrough(facebook()));
});
afterAll(() => emu.stop());

/** The title and description the emulated Facebook kept of a published video. */
async function sentWith(options: Record<string, unknown>) {
  const caption = `Description ${randomUUID()}`;
  const fixtures = mediaFixtures();
  const file = options.kind === 'reel' ? fixtures.portraitVideo : fixtures.video;
  const request = publishRequest(account, file, { caption, title: 'The video title', options });
  const result = await runPublishLoop(facebook(), request);
  if (result.stopped) throw new Error('stopped');
  const video = emu.ctx.store
    .collection<{ title: string; description: string }>('facebook.videos')
    .get(result.post.platformPostId);
  return { title: video?.title, description: video?.description, caption };
}

describe('Facebook title', () => {
  it('a Page video takes the title chosen for Facebook, or the video title, and the caption as description', async () => {
    const own = await sentWith({ kind: 'video', title: 'Night market, part 2' });
    expect(own).toMatchObject({ title: 'Night market, part 2', description: own.caption });
    expect(await sentWith({ kind: 'video' })).toMatchObject({ title: 'The video title' });
  });

  it('a Reel takes a title only when one is chosen for Facebook', async () => {
    const own = await sentWith({ kind: 'reel', title: 'Reel title' });
    expect(own).toMatchObject({ title: 'Reel title', description: own.caption });
    expect(await sentWith({ kind: 'reel' })).toMatchObject({ title: '' });
  });
});
