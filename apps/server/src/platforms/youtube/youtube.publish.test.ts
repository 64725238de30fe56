import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adapterHarness } from '../../../test/adapter-conformance';
import { control, fileSource } from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { connectAccount, countingSource, publishRequest, runPublishLoop } from '../../../test/publish-loop';
import type { ConnectedAccount } from '../platform-adapter';
import { YouTubeAdapter } from './youtube.adapter';
import { CHUNK_BYTES } from './youtube.upload';

const h = adapterHarness((options) => new YouTubeAdapter(options));
let account: ConnectedAccount;
const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

beforeAll(async () => {
  ({ account } = await connectAccount(h.adapter));
});

describe('YouTube publish', () => {
  it('uploads the big video in 256 KiB-multiple chunks, waits for processing, and gives the watch address', async () => {
    const { bigVideo } = mediaFixtures();
    const size = fs.statSync(bigVideo).size;
    const adapter = h.make();
    const request = publishRequest(account, fileSource(bigVideo), {
      title: 'YouTube big video',
      caption: 'The description of the big video',
      options: { privacy: 'unlisted', madeForKids: false },
    });
    const result = await runPublishLoop(adapter, request);
    if (result.stopped) throw new Error('stopped');
    const offsets = result.steps.filter((s) => s.journal.step === 'upload').map((s) => s.journal.offset as number);
    expect(offsets.length).toBe(Math.ceil(size / CHUNK_BYTES));
    for (const offset of offsets) expect(offset % (256 * 1024)).toBe(0);
    expect(typeof result.steps[0]!.journal.sessionUrl).toBe('string');
    expect(result.post.url).toBe(`${h.emu.publicUrl}/www.youtube.com/watch?v=${result.post.platformPostId}`);

    const published = (await control.published(h.emu)).items.find((i) => i.id === result.post.platformPostId);
    expect(published).toMatchObject({
      platform: 'youtube',
      bytes: size,
      sha256: sha256(bigVideo),
      title: 'YouTube big video',
    });
    expect(published!.caption).toBe('The description of the big video');

    expect(await adapter.findPost(request, result.journal)).toEqual(result.post);
    expect(await adapter.postStatus(account, result.post.platformPostId)).toEqual({
      state: 'live',
      url: result.post.url,
    });
    const metrics = await adapter.metrics(account, result.post.platformPostId);
    expect(typeof metrics.views).toBe('number');
    expect(typeof metrics.likes).toBe('number');
    expect(typeof metrics.comments).toBe('number');
    expect(metrics.shares).toBeNull();
  });

  it('resumes in a new adapter by asking the session where it stands (bytes */total), not from its own journal', async () => {
    const { bigVideo } = mediaFixtures();
    const size = fs.statSync(bigVideo).size;
    const source = countingSource(fileSource(bigVideo));
    const request = publishRequest(account, source, { title: 'YouTube resumed', caption: 'resumed' });
    const first = h.make();
    const part = await runPublishLoop(first, request, {
      stopWhen: (r) => r.journal.step === 'upload' && (r.journal.offset as number) > 0,
    });
    expect(part.stopped).toBe(true);
    const saved = JSON.parse(JSON.stringify(part.journal));
    // The session is not a video yet.
    expect(await first.findPost(request, saved)).toBeNull();
    // One more chunk goes out but its journal is lost (a crash before the commit).
    const lost = await first.publishStep(request, saved);
    expect(lost.journal.offset).toBeGreaterThan(saved.offset);

    const second = h.make();
    const rest = await runPublishLoop(second, request, { journal: saved });
    if (rest.stopped) throw new Error('stopped');
    const published = (await control.published(h.emu)).items.find((i) => i.id === rest.post.platformPostId);
    expect(published).toMatchObject({ platform: 'youtube', bytes: size, sha256: sha256(bigVideo) });
    // Each byte went once: the second adapter learnt the session held the lost chunk.
    expect(source.bytesRead()).toBe(size);
    expect(await second.findPost(request, { step: 'upload', sessionUrl: saved.sessionUrl })).toEqual(rest.post);
  });

  it("reads back the privacy YouTube applied, and with a live project's stage says what its operator must do", async () => {
    await control.appStage(h.emu, { platform: 'youtube', verified: false });
    try {
      const request = publishRequest(account, fileSource(mediaFixtures().video), { options: { privacy: 'public' } });
      const publish = async (youtubeApiVerified: boolean) => {
        const adapter = h.make({ stages: { youtubeApiVerified, tiktokAudited: false } });
        const result = await runPublishLoop(adapter, request);
        if (result.stopped) throw new Error('stopped');
        // A look-up after a lost answer reads it back the same way.
        expect(await adapter.findPost(request, result.journal)).toEqual(result.post);
        return result.post.appliedPrivacy;
      };
      expect(await publish(false)).toEqual({
        privacy: 'private',
        label: 'private',
        requested: 'public',
        reason: 'YouTube restricts uploads from unverified API projects',
        operatorAction: expect.stringMatching(/audit.*set YOUTUBE_API_VERIFIED=true/),
      });
      expect(await publish(true)).toMatchObject({
        privacy: 'private',
        reason: 'YouTube made the video private although the Google Cloud project is set as verified',
        operatorAction: expect.stringContaining('YouTube Studio'),
      });
    } finally {
      await control.appStage(h.emu, { platform: 'youtube', verified: true });
    }
  });

  it("tells the composer a live project's audit stage, and nothing in the sandbox", async () => {
    const unverified = h.make({ stages: { youtubeApiVerified: false, tiktokAudited: false } });
    expect(await unverified.publishOptions(account)).toEqual({ api_verified: false });
    const verified = h.make({ stages: { youtubeApiVerified: true, tiktokAudited: false } });
    expect(await verified.publishOptions(account)).toEqual({ api_verified: true });
    expect(await h.adapter.publishOptions(account)).toEqual({});
  });

  it('findPost answers null before a session exists', async () => {
    const adapter = h.make();
    const request = publishRequest(account, fileSource(mediaFixtures().video));
    expect(await adapter.findPost(request, { step: 'session' })).toBeNull();
  });
});
