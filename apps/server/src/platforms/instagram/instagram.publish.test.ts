import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { control, sandboxAdapterOptions, startTestEmulator, type TestEmulator } from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { countingSource, runPublishLoop } from '../../../test/publish-loop';
import type { ConnectedAccount } from '../platform-adapter';
import { PlatformError } from '../platform-error';
import { connectThrough, publishRequest, sha256File } from '../meta/meta.test-support';
import { RUPLOAD_PART_BYTES } from '../meta/rupload';
import { InstagramAdapter } from './instagram.adapter';

let emu: TestEmulator;
let account: ConnectedAccount;
const big = mediaFixtures().bigVideo;
const small = mediaFixtures().video;
const instagram = () => new InstagramAdapter(sandboxAdapterOptions(emu, {}, 'instagram'));
beforeAll(async () => {
  emu = await startTestEmulator();
  ({ account } = await connectThrough(instagram()));
});
afterAll(() => emu.stop());
afterEach(() => control.clearFaults(emu));

async function publishedItem(id: string) {
  return (await control.published(emu)).items.find((i) => i.platform === 'instagram' && i.id === id);
}

describe('Instagram publishing', () => {
  it('publishes a 12 MB reel through container, rupload parts, status polls and media_publish', async () => {
    const caption = `Reel ${randomUUID()}`;
    const request = publishRequest(account, big, { caption, options: { shareToFeed: true, coverFrameMs: 1000 } });
    const result = await runPublishLoop(instagram(), request);
    if (result.stopped) throw new Error('stopped');
    const parts = result.steps.filter((s) => !s.done && (s.progress?.bytesSent ?? 0) > 0);
    expect(parts).toHaveLength(Math.ceil(request.video.sizeBytes / RUPLOAD_PART_BYTES));
    expect(result.post.url).toMatch(/^http/);

    const item = await publishedItem(result.post.platformPostId);
    expect(item).toMatchObject({
      platform: 'instagram',
      bytes: request.video.sizeBytes,
      sha256: sha256File(big),
      caption,
    });
    expect(item!.url).toBe(result.post.url);
  });

  it('resumes after a middle part on a new adapter without sending the file twice', async () => {
    const caption = `Resumed ${randomUUID()}`;
    const request = publishRequest(account, big, { caption });
    const video = countingSource(request.video);
    const resumed = { ...request, video };
    const first = await runPublishLoop(instagram(), resumed, {
      stopWhen: (r) => !r.done && r.journal.step === 'upload' && (r.progress?.bytesSent ?? 0) > 0,
    });
    expect(first.stopped).toBe(true);
    const rest = await runPublishLoop(instagram(), resumed, { journal: JSON.parse(JSON.stringify(first.journal)) });
    if (rest.stopped) throw new Error('stopped');
    expect(video.bytesRead()).toBeLessThanOrEqual(video.sizeBytes + RUPLOAD_PART_BYTES);
    expect((await publishedItem(rest.post.platformPostId))?.sha256).toBe(sha256File(big));
  });

  it('continues right when a part landed but its journal was never saved', async () => {
    const request = publishRequest(account, big, { caption: `Crash ${randomUUID()}` });
    const first = await runPublishLoop(instagram(), request, {
      stopWhen: (r) => !r.done && r.journal.step === 'upload' && r.journal.offset === 0,
    });
    const beforePart = JSON.parse(JSON.stringify(first.journal));
    const part = await instagram().publishStep(request, beforePart);
    expect(part.journal.offset).toBe(RUPLOAD_PART_BYTES);
    // The runner never saw that answer: it continues from the journal before the part.
    const rest = await runPublishLoop(instagram(), request, { journal: beforePart });
    if (rest.stopped) throw new Error('stopped');
    expect((await publishedItem(rest.post.platformPostId))?.sha256).toBe(sha256File(big));
  });

  it('finds no post before media_publish and the published media after it', async () => {
    const adapter = instagram();
    const request = publishRequest(account, small, { caption: `Look-up ${randomUUID()}` });
    const before = await runPublishLoop(adapter, request, { stopWhen: (r) => r.journal.step === 'create' });
    expect(before.stopped).toBe(true);
    expect(await adapter.findPost(request, before.journal)).toBeNull();

    const afterCreate = await adapter.publishStep(request, before.journal);
    expect(afterCreate.done).toBe(false);
    const found = await instagram().findPost(request, before.journal);
    expect(found).not.toBeNull();
    const done = await runPublishLoop(adapter, request, { journal: afterCreate.journal });
    if (done.stopped) throw new Error('stopped');
    expect(found).toEqual(done.post);

    expect(await adapter.postStatus(account, done.post.platformPostId)).toMatchObject({
      state: 'live',
      url: done.post.url,
    });
    const metrics = await adapter.metrics(account, done.post.platformPostId);
    expect(metrics.views).not.toBeNull();
    for (const v of Object.values(metrics)) expect(v === null || v >= 0).toBe(true);
  });

  it('reports a processing failure as rejected with Instagram’s status text', async () => {
    await control.fault(emu, { platform: 'instagram', kind: 'processing_failed' });
    const err = await runPublishLoop(
      instagram(),
      publishRequest(account, small, { caption: `Bad ${randomUUID()}` }),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect((err as PlatformError).kind).toBe('rejected');
    expect((err as PlatformError).platformMessage).toBeTruthy();
  });

  it('reports a duplicate at media_publish as rejected', async () => {
    await control.fault(emu, { platform: 'instagram', kind: 'duplicate' });
    const err = await runPublishLoop(
      instagram(),
      publishRequest(account, small, { caption: `Twice ${randomUUID()}` }),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({ kind: 'rejected', step: 'create' });
  });
});
