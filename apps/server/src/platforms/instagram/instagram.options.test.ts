import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAdapterOptions, startTestEmulator, type TestEmulator } from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { runPublishLoop } from '../../../test/publish-loop';
import type { ConnectedAccount } from '../platform-adapter';
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

describe('Instagram collaborators', () => {
  it("invites the usernames chosen as the reel container's collaborators", async () => {
    const options = { collaborators: ['night.market_tw', 'mia'] };
    const request = publishRequest(account, mediaFixtures().video, { caption: `Reel ${randomUUID()}`, options });
    const result = await runPublishLoop(instagram(), request);
    if (result.stopped) throw new Error('stopped');
    const container = emu.ctx.store
      .collection<{ collaborators?: string[] }>('instagram.containers')
      .get(String(result.journal.containerId));
    expect(container?.collaborators).toEqual(['night.market_tw', 'mia']);
  });
});
