import { afterEach, describe, expect, it } from 'vitest';
import { adapterHarness, failure } from '../../../test/adapter-conformance';
import { control, fileSource } from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { connectAccount, publishRequest, runPublishLoop } from '../../../test/publish-loop';
import type { ConnectedAccount } from '../platform-adapter';
import { TikTokAdapter } from './tiktok.adapter';

const h = adapterHarness((options) => new TikTokAdapter(options));
afterEach(() => control.reset(h.emu));

const post = (account: ConnectedAccount, options: Record<string, unknown>) =>
  publishRequest(account, fileSource(mediaFixtures().video), { caption: 'Disclosed #ad', options });

/** What the emulated TikTok kept of a direct post's init. */
const publishRecord = (publishId: unknown) =>
  h.emu.ctx.store.collection<Record<string, unknown>>('tiktok.publishes').get(String(publishId));

describe('TikTok commercial content disclosure', () => {
  it('sends "Your brand" and "Branded content" as brand_organic_toggle and brand_content_toggle', async () => {
    const { account } = await connectAccount(h.adapter);
    const options = {
      privacyLevel: 'PUBLIC_TO_EVERYONE',
      commercialContent: true,
      brandOrganic: true,
      brandContent: true,
    };
    const result = await runPublishLoop(h.adapter, post(account, options));
    if (result.stopped) throw new Error('stopped');
    expect(publishRecord(result.journal.publishId)).toMatchObject({ brandOrganic: true, brandContent: true });
  });

  it('sends neither toggle while the disclosure is off, whatever was ticked under it', async () => {
    const { account } = await connectAccount(h.adapter);
    const options = { privacyLevel: 'SELF_ONLY', commercialContent: false, brandContent: true };
    const result = await runPublishLoop(h.adapter, post(account, options));
    if (result.stopped) throw new Error('stopped');
    expect(publishRecord(result.journal.publishId)).toMatchObject({ brandOrganic: false, brandContent: false });
  });

  it('refuses branded content that is SELF_ONLY before any request', async () => {
    const { account } = await connectAccount(h.adapter);
    await control.fault(h.emu, { platform: 'tiktok', kind: 'server_error' });
    const options = { privacyLevel: 'SELF_ONLY', commercialContent: true, brandContent: true };
    const err = await failure(h.adapter.publishStep(post(account, options), null));
    expect(err.kind).toBe('rejected');
    expect(err.message).toMatch(/Branded content visibility cannot be set to private/);
  });
});

describe('TikTok app that has not passed the Direct Post audit', () => {
  it('live and unaudited (TIKTOK_AUDITED=false): offers only SELF_ONLY and says why', async () => {
    const { account } = await connectAccount(h.adapter);
    const unaudited = h.make({ stages: { tiktokAudited: false, youtubeApiVerified: false } });
    expect(await unaudited.publishOptions(account)).toMatchObject({
      privacy_level_options: ['SELF_ONLY'],
      direct_post_audited: false,
      creator_nickname: 'Fanout Sandbox',
    });
    const audited = h.make({ stages: { tiktokAudited: true, youtubeApiVerified: false } });
    expect((await audited.publishOptions(account)).privacy_level_options).toContain('PUBLIC_TO_EVERYONE');
  });

  it('in the sandbox follows the emulator: a public account is refused with what to do', async () => {
    const { account } = await connectAccount(h.adapter);
    await control.appStage(h.emu, { platform: 'tiktok', audited: false });
    const err = await failure(h.adapter.publishStep(post(account, { privacyLevel: 'SELF_ONLY' }), null));
    expect(err.kind).toBe('rejected');
    expect(err.platformCode).toBe('unaudited_client_can_only_post_to_private_accounts');
    expect(err.message).toMatch(/private/);
  });

  it('live and unaudited: a post asked for Everyone is published as Only me, and says what the operator must do', async () => {
    const { account } = await connectAccount(h.adapter);
    // A post scheduled before TIKTOK_AUDITED=false was set: TikTok keeps it private whatever it asked for.
    const unaudited = h.make({ stages: { tiktokAudited: false, youtubeApiVerified: false } });
    const result = await runPublishLoop(unaudited, post(account, { privacyLevel: 'PUBLIC_TO_EVERYONE' }));
    if (result.stopped) throw new Error('stopped');
    expect(result.post.appliedPrivacy).toMatchObject({
      privacy: 'SELF_ONLY',
      label: 'only me',
      requested: 'PUBLIC_TO_EVERYONE',
      reason: expect.stringMatching(/Direct Post audit/),
      operatorAction: expect.stringMatching(/TIKTOK_AUDITED=true/),
    });
    // Asked for Only me, or from an audited app: what was asked is what TikTok applied.
    const own = await runPublishLoop(unaudited, post(account, { privacyLevel: 'SELF_ONLY' }));
    if (own.stopped) throw new Error('stopped');
    expect(own.post.appliedPrivacy).toBeUndefined();
    const audited = h.make({ stages: { tiktokAudited: true, youtubeApiVerified: false } });
    const open = await runPublishLoop(audited, post(account, { privacyLevel: 'PUBLIC_TO_EVERYONE' }));
    if (open.stopped) throw new Error('stopped');
    expect(open.post.appliedPrivacy).toBeUndefined();
  });
});
