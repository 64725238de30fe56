import { missingFeatures, YOUTUBE_UNVERIFIED_PROJECT_TEXT } from '@fanout/contracts';
import { describe, expect, it } from 'vitest';
import { controlsFor } from './account-controls';

describe('controls for an account whose grant lacks an optional scope', () => {
  it('offers reconnecting to allow community suggestions instead of the suggestions', () => {
    const missing = missingFeatures('reddit', ['identity', 'submit', 'read', 'history', 'flair']);
    const subreddit = controlsFor('reddit', {}, undefined, 'Reddit', missing).find((c) => c.name === 'subreddit')!;
    expect(subreddit.hint).toBe(
      'Reconnect Reddit on the Accounts screen to allow suggesting your communities. Any community may be typed.',
    );
    const full = controlsFor('reddit', {}, undefined, 'Reddit', []).find((c) => c.name === 'subreddit')!;
    expect(full.hint ?? '').not.toContain('Reconnect');
  });
});

describe('controls for an account of a live app at an earlier review stage', () => {
  const loaded = (options: object) => ({ loading: false, options, error: null, retry: () => {} });

  it("says by YouTube's privacy that an unverified API project's uploads stay private", () => {
    const privacy = (options: object) =>
      controlsFor('youtube', {}, loaded(options), 'YouTube').find((c) => c.name === 'privacy')!;
    expect(privacy({ youtubeApiVerified: false }).hint).toBe(YOUTUBE_UNVERIFIED_PROJECT_TEXT);
    expect(privacy({ youtubeApiVerified: true }).hint).toBeUndefined();
    expect(privacy({}).hint).toBeUndefined();
  });
});
