import { beforeAll, describe, expect, it } from 'vitest';
import { adapterHarness, failure } from '../../../test/adapter-conformance';
import { fileSource } from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import {
  connectAccount,
  connectWithScope,
  countingSource,
  publishRequest,
  runPublishLoop,
} from '../../../test/publish-loop';
import type { ConnectedAccount, MediaSource } from '../platform-adapter';
import { RedditAdapter } from './reddit.adapter';

// r/clips of the emulator requires a flair and titles of 10 characters or more (its post_requirements).
const h = adapterHarness((options) => new RedditAdapter(options));
let account: ConnectedAccount;
let poster: MediaSource;

beforeAll(async () => {
  ({ account } = await connectAccount(h.adapter));
  poster = fileSource(mediaFixtures().still, { mimeType: 'image/png' });
});

describe("a Reddit community's rules", () => {
  it('reads its post requirements and link flairs; a grant from before the flair scope is told to reconnect', async () => {
    const rules = await h.adapter.communityRules(account, 'r/clips');
    expect(rules).toMatchObject({
      community: 'clips',
      flairRequired: true,
      titleMinLength: 10,
      titleMaxLength: null,
      reconnectFor: null,
      guidelines: 'Flair every post with what kind of clip it is.',
    });
    expect(rules.flairs!.map((f) => f.text)).toEqual(['Tutorial', 'Behind the scenes', 'Showcase']);
    expect(await h.adapter.communityRules(account, 'test')).toMatchObject({ flairRequired: false, flairs: [] });

    const before = await connectWithScope(h.adapter, 'identity submit read history mysubreddits');
    expect(await h.adapter.communityRules(before.account, 'clips')).toMatchObject({
      flairRequired: true,
      flairs: null,
      reconnectFor: 'choosing a flair',
    });
  });

  it('refuses a post that breaks them before uploading a byte, and publishes it with a flair', async () => {
    const video = countingSource(fileSource(mediaFixtures().video));
    const bare = publishRequest(account, video, { caption: 'Harbour', options: { subreddit: 'clips' } }, poster);
    const err = await failure(h.adapter.publishStep(bare, null));
    expect(err).toMatchObject({ kind: 'rejected', step: 'requirements', platformCode: 'community.title_min' });
    expect(err.platformMessage).toBe(
      'Reddit’s r/clips needs titles of at least 10 characters; this one has 7. ' +
        'Reddit’s r/clips requires a flair on every post; choose one.',
    );
    expect(video.bytesRead()).toBe(0);

    const flair = (await h.adapter.communityRules(account, 'clips')).flairs![0]!;
    const flaired = publishRequest(
      account,
      video,
      { caption: 'Harbour at dawn', options: { subreddit: 'clips', flairId: flair.id } },
      poster,
    );
    const result = await runPublishLoop(h.adapter, flaired);
    if (result.stopped) throw new Error('stopped');
    expect(result.post.url).toContain('/r/clips/comments/');
  });
});
