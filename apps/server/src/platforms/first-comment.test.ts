import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformKey } from '@fanout/contracts';
import { control, fileSource, sandboxAdapterOptions, startTestEmulator, type TestEmulator } from '../../test/emulator';
import { mediaFixtures } from '../../test/fixtures';
import { connectAccount, publishRequest, runPublishLoop } from '../../test/publish-loop';
import type { AdapterOptions } from './base-adapter';
import { FacebookAdapter } from './facebook/facebook.adapter';
import { InstagramAdapter } from './instagram/instagram.adapter';
import type { PlatformAdapter } from './platform-adapter';
import { PlatformError } from './platform-error';
import { RedditAdapter } from './reddit/reddit.adapter';
import { XAdapter } from './x/x.adapter';
import { YouTubeAdapter } from './youtube/youtube.adapter';

/**
 * Each adapter's first comment against the emulator, whose comment endpoints are written from the platforms'
 * documents: posted under the account's own live post, and refused (with nothing made) under a post that does not
 * exist, and over the platform's length; then looked up (found with its text, not found with another) with the
 * scopes the connection has.
 */
const CASES: Record<
  string,
  { make(o: AdapterOptions): PlatformAdapter; options?: object; poster?: boolean; max: number; url: RegExp | null }
> = {
  youtube: { make: (o) => new YouTubeAdapter(o), options: { privacy: 'public' }, max: 10_000, url: /watch\?v=.+&lc=/ },
  instagram: { make: (o) => new InstagramAdapter(o), max: 2_200, url: null },
  facebook: { make: (o) => new FacebookAdapter(o), max: 8_000, url: null },
  x: { make: (o) => new XAdapter(o), max: 280, url: /\/status\/\d+$/ },
  reddit: {
    make: (o) => new RedditAdapter(o),
    options: { subreddit: 'videos' },
    poster: true,
    max: 10_000,
    url: /\/comments\/.+\/.+\//,
  },
};

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(() => emu.stop());

const commentsOf = async (platform: string) =>
  (await control.comments(emu)).items.filter((c) => c.platform === platform);

for (const [platform, c] of Object.entries(CASES)) {
  describe(`${platform}: the first comment`, () => {
    it('is posted under the live post, once, and refused under a post that is not there or when too long', async () => {
      const adapter = c.make(sandboxAdapterOptions(emu, {}, platform as PlatformKey));
      const connected = await connectAccount(adapter);
      // Facebook keeps the person's user token beside the Page's (its upload takes it), as connections store it.
      const account = { ...connected.account, refreshToken: connected.tokens.refreshToken };
      const request = publishRequest(
        account,
        fileSource(mediaFixtures().video),
        { caption: `Comment test ${platform} ${Date.now()}`, options: { ...c.options } },
        c.poster ? fileSource(mediaFixtures().still, { mimeType: 'image/png' }) : null,
      );
      const published = await runPublishLoop(adapter, request);
      if (published.stopped) throw new Error('the publish loop stopped');
      const postId = published.post.platformPostId;

      const comment = await adapter.postComment!(account, postId, 'Full cut on the blog');
      if (c.url) expect(comment.url).toMatch(c.url);
      expect((await commentsOf(platform)).filter((m) => m.postId === postId)).toMatchObject([
        { id: comment.commentId, text: 'Full cut on the blog' },
      ]);

      const before = (await commentsOf(platform)).length;
      const missing = platform === 'x' || platform === 'facebook' || platform === 'instagram' ? '1234567' : 'nothere';
      await expect(adapter.postComment!(account, missing, 'Hello')).rejects.toBeInstanceOf(PlatformError);
      await expect(adapter.postComment!(account, postId, 'a'.repeat(c.max + 1))).rejects.toBeInstanceOf(PlatformError);
      expect(await commentsOf(platform)).toHaveLength(before);

      // Read back, as after an answer that was lost: the account's comment with that text, and nothing else.
      expect(await adapter.findComment!(account, postId, 'Full cut on the blog')).toEqual(comment);
      expect(await adapter.findComment!(account, postId, 'Never sent')).toBeNull();
      expect(adapter.commentLookupScopes?.every((s) => connected.tokens.scopes.includes(s))).toBe(true);
    });
  });
}

describe('facebook: the comment is the Page’s', () => {
  it("refuses the person's own user token: only the Page's token comments as the Page", async () => {
    const adapter = new FacebookAdapter(sandboxAdapterOptions(emu, {}, 'facebook'));
    const { account: page, tokens, exchanged } = await connectAccount(adapter);
    const account = { ...page, refreshToken: tokens.refreshToken };
    const published = await runPublishLoop(adapter, publishRequest(account, fileSource(mediaFixtures().video)));
    if (published.stopped) throw new Error('the publish loop stopped');
    const asPerson = { ...account, accessToken: exchanged.accessToken };
    await expect(adapter.postComment(asPerson, published.post.platformPostId, 'Hi')).rejects.toThrow(
      /page access token is required/i,
    );
  });
});
