import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adapterHarness } from '../../../test/adapter-conformance';
import { control, fileSource } from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { connectAccount, countingSource, publishRequest, runPublishLoop } from '../../../test/publish-loop';
import type { ConnectedAccount } from '../platform-adapter';
import { TikTokAdapter } from './tiktok.adapter';
import { planChunks } from './tiktok.chunks';

const h = adapterHarness((options) => new TikTokAdapter(options));
let account: ConnectedAccount;
const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const options = { privacyLevel: 'SELF_ONLY', allowComments: true };

beforeAll(async () => {
  ({ account } = await connectAccount(h.adapter));
});

describe('TikTok chunk plan', () => {
  it('follows the reference: < 5 MB one chunk; floor(size/chunk) chunks; 1000 chunks at most', () => {
    expect(planChunks(1_000_000)).toEqual({ chunkSize: 1_000_000, totalChunkCount: 1 });
    const mib = 1024 * 1024;
    expect(planChunks(12 * mib)).toEqual({ chunkSize: 5 * mib, totalChunkCount: 2 });
    expect(planChunks(9 * mib)).toEqual({ chunkSize: 5 * mib, totalChunkCount: 1 });
    const huge = planChunks(10_000 * mib);
    expect(huge.totalChunkCount).toBeLessThanOrEqual(1000);
    expect(huge.chunkSize).toBeLessThanOrEqual(64_000_000);
  });
});

describe('TikTok publish', () => {
  it('publishes the big video chunk by chunk to a post with its address', async () => {
    const { bigVideo } = mediaFixtures();
    const adapter = h.make();
    const request = publishRequest(account, fileSource(bigVideo), { caption: 'TikTok big video #fanout', options });
    const result = await runPublishLoop(adapter, request);
    if (result.stopped) throw new Error('stopped');
    const uploads = result.steps.filter((s) => s.journal.step === 'upload' || s.journal.step === 'status');
    expect(uploads.length).toBeGreaterThanOrEqual(2);
    const sent = result.steps.map((s) => (s.done ? undefined : s.progress?.bytesSent)).filter((n) => n !== undefined);
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
    expect(result.post.url).toBe(
      `${h.emu.publicUrl}/www.tiktok.com/@${account.extra.username}/video/${result.post.platformPostId}`,
    );
    const published = (await control.published(h.emu)).items.find((i) => i.id === result.post.platformPostId);
    expect(published).toMatchObject({
      platform: 'tiktok',
      bytes: fs.statSync(bigVideo).size,
      sha256: sha256(bigVideo),
      caption: 'TikTok big video #fanout',
    });

    expect(await adapter.findPost(request, result.journal)).toEqual(result.post);
    expect(await adapter.postStatus(account, result.post.platformPostId)).toEqual({
      state: 'live',
      url: result.post.url,
    });
    // A grant without user.info.profile has no username stored: the address still names the creator.
    const noUsername = { ...account, extra: { ...account.extra, username: '' } };
    expect(await adapter.postStatus(noUsername, result.post.platformPostId)).toEqual({
      state: 'live',
      url: result.post.url,
    });
    const metrics = await adapter.metrics(account, result.post.platformPostId);
    expect(typeof metrics.views).toBe('number');
    expect(typeof metrics.likes).toBe('number');
    expect(typeof metrics.comments).toBe('number');
    expect(typeof metrics.shares).toBe('number');
  });

  it('resumes from the saved journal in a new adapter without sending the file again', async () => {
    const { bigVideo } = mediaFixtures();
    const size = fs.statSync(bigVideo).size;
    const first = h.make();
    const source = countingSource(fileSource(bigVideo));
    const request = publishRequest(account, source, { caption: 'TikTok resumed', options });
    const part = await runPublishLoop(first, request, {
      stopWhen: (r) => r.journal.step === 'upload' && r.journal.nextChunk === 1,
    });
    expect(part.stopped).toBe(true);
    // Nothing is a post yet: the status fetch by publish_id says so.
    expect(await first.findPost(request, part.journal)).toBeNull();

    const saved = JSON.parse(JSON.stringify(part.journal));
    const second = h.make();
    const rest = await runPublishLoop(second, request, { journal: saved });
    if (rest.stopped) throw new Error('stopped');
    const published = (await control.published(h.emu)).items.find((i) => i.id === rest.post.platformPostId);
    expect(published).toMatchObject({ platform: 'tiktok', bytes: size, sha256: sha256(bigVideo) });
    expect(source.bytesRead()).toBeLessThanOrEqual(size + planChunks(size).chunkSize);
  });

  it('findPost answers null for a journal that never reached init', async () => {
    const adapter = h.make();
    const request = publishRequest(account, fileSource(mediaFixtures().video), { options });
    expect(await adapter.findPost(request, { step: 'upload' })).toBeNull();
  });
});
