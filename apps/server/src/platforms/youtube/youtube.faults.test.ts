import { describe, expect, it } from 'vitest';
import { adapterHarness } from '../../../test/adapter-conformance';
import { fileSource } from '../../../test/emulator';
import { describeFaultConformance, someText } from '../../../test/fault-conformance';
import { mediaFixtures } from '../../../test/fixtures';
import { connectAccount, publishRequest, runPublishLoop } from '../../../test/publish-loop';
import type { ConnectedAccount } from '../platform-adapter';
import { YouTubeAdapter } from './youtube.adapter';
import { nextPacificMidnight } from './youtube.errors';

const h = adapterHarness((options) => new YouTubeAdapter(options));
const smallPost = (account: ConnectedAccount) =>
  publishRequest(account, fileSource(mediaFixtures().video), { title: 'YouTube fault test', caption: 'faults' });

describeFaultConformance('YouTube', h, {
  probe: (adapter, c) => adapter.profile(c.exchanged),
  post: (c) => smallPost(c.account),
  rejectMessage: 'The channel cannot upload now',
  // The failureReason and the rejectionReason.
  publishFaults: { processing_failed: { platformCode: someText() }, duplicate: { platformCode: 'duplicate' } },
  slowProcessing: { step: 'processing', delayMs: 60_000, maxWaitMs: 20 },
});

describe('YouTube upload session', () => {
  it('a gone upload session is started again', async () => {
    const { account } = await connectAccount(h.adapter);
    const result = await runPublishLoop(h.adapter, smallPost(account), {
      journal: {
        step: 'upload',
        sessionUrl: `${h.emu.url}/www.googleapis.com/upload/youtube/v3/videos?upload_id=gone`,
        offset: 0,
      },
    });
    if (result.stopped) throw new Error('stopped');
    expect(result.post.platformPostId).toBeTruthy();
  });
});

describe('YouTube quota', () => {
  it('runs out until the next midnight in California', () => {
    const next = nextPacificMidnight(new Date('2025-01-15T12:00:00Z'));
    expect(next.toISOString()).toBe('2025-01-16T08:00:00.000Z');
  });
});
