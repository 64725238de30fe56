import { describe, expect, it } from 'vitest';
import { adapterHarness, failure } from '../../../test/adapter-conformance';
import { control, fileSource } from '../../../test/emulator';
import { describeFaultConformance, someText } from '../../../test/fault-conformance';
import { mediaFixtures } from '../../../test/fixtures';
import { connectAccount, publishRequest } from '../../../test/publish-loop';
import type { ConnectedAccount } from '../platform-adapter';
import { TikTokAdapter } from './tiktok.adapter';

const h = adapterHarness((options) => new TikTokAdapter(options));
const smallPost = (account: ConnectedAccount, options: Record<string, unknown> = { privacyLevel: 'SELF_ONLY' }) =>
  publishRequest(account, fileSource(mediaFixtures().video), { caption: 'TikTok fault test', options });

describeFaultConformance('TikTok', h, {
  probe: (adapter, c) => adapter.publishOptions(c.account),
  post: (c) => smallPost(c.account),
  rejectMessage: 'Posting is paused for this creator',
  carries: {
    rate_limit: { platformCode: 'rate_limit_exceeded' },
    token_expired: { platformCode: 'access_token_invalid' },
  },
  // processing_failed: TikTok's fail_reason.
  publishFaults: { processing_failed: { platformCode: someText() }, duplicate: {} },
  // status/fetch takes 30 a minute per token: the test polls at most every 200 ms for about 1.5 s.
  slowProcessing: { step: 'status', delayMs: 1_500, maxWaitMs: 200 },
});

describe('TikTok privacy level', () => {
  it('is required: none chosen → rejected with a clear message, before any request', async () => {
    const { account } = await connectAccount(h.adapter);
    await control.fault(h.emu, { platform: 'tiktok', kind: 'server_error' });
    const err = await failure(h.adapter.publishStep(smallPost(account, {}), null));
    expect(err.kind).toBe('rejected');
    expect(err.message).toMatch(/privacy level/);
  });

  it('must be one creator_info offers', async () => {
    const { account } = await connectAccount(h.adapter);
    const err = await failure(
      h.adapter.publishStep(smallPost(account, { privacyLevel: 'EVERYONE_IN_THE_WORLD' }), null),
    );
    expect(err.kind).toBe('rejected');
    expect(err.platformCode).toBe('privacy_level_option_mismatch');
  });
});
