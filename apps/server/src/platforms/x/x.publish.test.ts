import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { control, startTestEmulator, type TestEmulator } from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { countingSource, runPublishLoop } from '../../../test/publish-loop';
import type { ConnectedAccount } from '../platform-adapter';
import { PlatformError } from '../platform-error';
import { X_SEGMENT_BYTES } from './x.publish';
import { connectX, publishRequest, sha256File, videoOf, xAdapter } from './x.test-support';

let emu: TestEmulator;
let account: ConnectedAccount;
const big = mediaFixtures().bigVideo;
beforeAll(async () => {
  emu = await startTestEmulator();
  ({ account } = await connectX(xAdapter(emu)));
});
afterAll(() => emu.stop());
afterEach(() => control.clearFaults(emu));

async function publishedItem(id: string) {
  return (await control.published(emu)).items.find((i) => i.platform === 'x' && i.id === id);
}

describe('X publishing', () => {
  it('publishes a 12 MB video in ≤ 5 MB segments to a post with its URL', async () => {
    const caption = `Big video ${randomUUID()}`;
    const video = videoOf(big);
    const result = await runPublishLoop(xAdapter(emu), publishRequest(account, video, caption));
    if (result.stopped) throw new Error('stopped');
    const appends = result.steps.filter((s) => !s.done && s.progress && s.progress.bytesSent > 0);
    expect(appends).toHaveLength(Math.ceil(video.sizeBytes / X_SEGMENT_BYTES));
    expect(result.post.url).toMatch(
      new RegExp(`/x\\.com/${account.extra.username}/status/${result.post.platformPostId}$`),
    );

    const item = await publishedItem(result.post.platformPostId);
    expect(item).toMatchObject({ platform: 'x', bytes: video.sizeBytes, sha256: sha256File(big), caption });
    expect(item!.url).toBe(result.post.url);
  });

  it('resumes from the journal saved after a middle segment, on a new adapter, sending no segment twice', async () => {
    const caption = `Resumed ${randomUUID()}`;
    const video = countingSource(videoOf(big));
    const first = await runPublishLoop(xAdapter(emu), publishRequest(account, video, caption), {
      stopWhen: (r) => !r.done && r.journal.step === 'append' && (r.progress?.bytesSent ?? 0) > 0,
    });
    expect(first.stopped).toBe(true);
    const saved = JSON.parse(JSON.stringify(first.journal));
    const rest = await runPublishLoop(xAdapter(emu), publishRequest(account, video, caption), { journal: saved });
    if (rest.stopped) throw new Error('stopped');
    expect(video.bytesRead()).toBeLessThanOrEqual(video.sizeBytes + X_SEGMENT_BYTES);
    expect((await publishedItem(rest.post.platformPostId))?.sha256).toBe(sha256File(big));
  });

  it('finds no post before the create and the created post after it', async () => {
    const adapter = xAdapter(emu);
    const request = publishRequest(account, videoOf(mediaFixtures().video), `Look-up ${randomUUID()}`);
    const before = await runPublishLoop(adapter, request, { stopWhen: (r) => r.journal.step === 'create' });
    expect(before.stopped).toBe(true);
    expect(typeof before.journal.mediaKey).toBe('string');
    expect(await adapter.findPost(request, before.journal)).toBeNull();

    const created = await adapter.publishStep(request, before.journal);
    if (!created.done) throw new Error('the create step did not finish');
    // The create's answer was lost: the look-up from the journal before it finds the post.
    expect(await xAdapter(emu).findPost(request, before.journal)).toEqual(created.post);
    expect(await adapter.findPost(request, created.journal)).toEqual(created.post);

    const status = await adapter.postStatus(account, created.post.platformPostId);
    expect(status).toMatchObject({ state: 'live', url: created.post.url });
    const metrics = await adapter.metrics(account, created.post.platformPostId);
    for (const v of Object.values(metrics)) expect(v === null || (typeof v === 'number' && v >= 0)).toBe(true);
    expect(metrics.likes).not.toBeNull();
  });

  it('sends reply_settings when chosen', async () => {
    const request = publishRequest(account, videoOf(mediaFixtures().video), `Replies ${randomUUID()}`);
    request.post.options = { replySettings: 'following' };
    const result = await runPublishLoop(xAdapter(emu), request);
    expect(result.stopped).toBe(false);
  });

  it('reports a processing failure as rejected with X’s reason', async () => {
    await control.fault(emu, { platform: 'x', kind: 'processing_failed' });
    const request = publishRequest(account, videoOf(mediaFixtures().video), `Broken ${randomUUID()}`);
    const err = await runPublishLoop(xAdapter(emu), request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect((err as PlatformError).kind).toBe('rejected');
    expect((err as PlatformError).platformMessage).toBeTruthy();
  });

  it('reports duplicate content at the create as rejected', async () => {
    await control.fault(emu, { platform: 'x', kind: 'duplicate' });
    const request = publishRequest(account, videoOf(mediaFixtures().video), `Twice ${randomUUID()}`);
    const err = await runPublishLoop(xAdapter(emu), request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect((err as PlatformError).kind).toBe('rejected');
    expect((err as PlatformError).step).toBe('create');
    expect((err as PlatformError).platformMessage).toMatch(/duplicate/i);
  });
});
