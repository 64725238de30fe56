import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adapterHarness } from '../../../test/adapter-conformance';
import { control, fileSource } from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { connectAccount, countingSource, publishRequest, runPublishLoop } from '../../../test/publish-loop';
import type { ConnectedAccount, MediaSource } from '../platform-adapter';
import { PlatformError } from '../platform-error';
import { RedditAdapter } from './reddit.adapter';

const h = adapterHarness((options) => new RedditAdapter(options));
let account: ConnectedAccount;
let poster: MediaSource;
const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

beforeAll(async () => {
  ({ account } = await connectAccount(h.adapter));
  poster = fileSource(mediaFixtures().still, { mimeType: 'image/png' });
});

const publishedWithText = (items: { caption: string; title: string }[], text: string) =>
  items.find((i) => i.title === text || i.caption === text);

describe('Reddit publish', () => {
  it('leases, uploads video and poster, submits, and reads the post address from the websocket', async () => {
    const { bigVideo } = mediaFixtures();
    const adapter = h.make();
    const request = publishRequest(account, fileSource(bigVideo), { caption: 'Reddit big video' }, poster);
    const result = await runPublishLoop(adapter, request);
    if (result.stopped) throw new Error('stopped');
    expect(result.steps.map((s) => s.journal.step)).toEqual([
      'upload-video',
      'lease-poster',
      'upload-poster',
      'create',
      'result',
      'done',
    ]);
    expect(result.post.url).toContain(`/comments/${result.post.platformPostId}`);
    const published = (await control.published(h.emu)).items.find((i) => i.id === result.post.platformPostId);
    expect(published).toMatchObject({
      platform: 'reddit',
      bytes: fs.statSync(bigVideo).size,
      sha256: sha256(bigVideo),
    });
    expect(publishedWithText([published!], 'Reddit big video')).toBeDefined();

    expect(await adapter.findPost(request, result.journal)).toMatchObject({
      platformPostId: result.post.platformPostId,
    });
    expect(await adapter.postStatus(account, result.post.platformPostId)).toMatchObject({ state: 'live' });
    const metrics = await adapter.metrics(account, result.post.platformPostId);
    expect(metrics.views).toBeNull();
    expect(typeof metrics.likes).toBe('number');
    expect(typeof metrics.comments).toBe('number');
    expect(metrics.shares).toBeNull();
  });

  it('findPost: null before the submit, the post after it, from the media URL in the journal', async () => {
    const adapter = h.make();
    const request = publishRequest(account, fileSource(mediaFixtures().video), { caption: 'Reddit look-up' }, poster);
    const before = await runPublishLoop(adapter, request, { stopWhen: (r) => r.journal.step === 'create' });
    expect(before.stopped).toBe(true);
    expect(typeof before.journal.videoUrl).toBe('string');
    expect(await adapter.findPost(request, before.journal)).toBeNull();

    // The submit goes out, but its answer is lost: the look-up finds the post.
    const submitted = await adapter.publishStep(request, before.journal);
    expect(submitted.journal.step).toBe('result');
    const found = await adapter.findPost(request, before.journal);
    expect(found).not.toBeNull();
    const rest = await runPublishLoop(adapter, request, { journal: submitted.journal });
    if (rest.stopped) throw new Error('stopped');
    expect(rest.post.platformPostId).toBe(found!.platformPostId);
  });

  it('says the outcome is unknown, not refused, when the submission never reports and the post is not found', async () => {
    const adapter = h.make();
    const request = publishRequest(account, fileSource(mediaFixtures().video), { caption: 'Reddit silent' }, poster);
    const before = await runPublishLoop(adapter, request, { stopWhen: (r) => r.journal.step === 'create' });
    expect(before.stopped).toBe(true);
    // The last round of waiting for the result: the socket is gone and the profile does not list the post.
    const journal = { ...before.journal, step: 'result', websocketUrl: 'ws://127.0.0.1:9/gone', rounds: 9 };
    const err = await adapter.publishStep(request, journal).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({ kind: 'retryable', step: 'result', createSent: true });
  });

  it('resumes in a new adapter after the video upload without sending the video again', async () => {
    const { bigVideo } = mediaFixtures();
    const size = fs.statSync(bigVideo).size;
    const source = countingSource(fileSource(bigVideo));
    const request = publishRequest(account, source, { caption: 'Reddit resumed' }, poster);
    const part = await runPublishLoop(h.make(), request, {
      stopWhen: (r) => r.journal.step === 'lease-poster',
    });
    expect(part.stopped).toBe(true);
    const rest = await runPublishLoop(h.make(), request, {
      journal: JSON.parse(JSON.stringify(part.journal)),
    });
    if (rest.stopped) throw new Error('stopped');
    const published = (await control.published(h.emu)).items.find((i) => i.id === rest.post.platformPostId);
    expect(published).toMatchObject({ platform: 'reddit', bytes: size, sha256: sha256(bigVideo) });
    expect(source.bytesRead()).toBe(size);
  });

  it('needs a poster image', async () => {
    const adapter = h.make();
    const request = publishRequest(account, fileSource(mediaFixtures().video), { caption: 'No poster' }, null);
    const err = await adapter.publishStep(request, null).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({ kind: 'rejected', message: 'Reddit needs a poster image' });
  });
});
