import { emptyPostCounts, type PostCounts } from '@fanout/contracts';
import { describe, expect, it } from 'vitest';
import { isPartiallyPublished, videoPostStatus } from './video-post-status';

const counts = (c: Partial<PostCounts>): PostCounts => ({ ...emptyPostCounts(), ...c });

describe("a video's status follows its posts", () => {
  it('(1) keeps the status its details give with no posts, or only cancelled ones', () => {
    expect(videoPostStatus('awaiting-details', counts({}))).toBe('awaiting-details');
    expect(videoPostStatus('ready', counts({}))).toBe('ready');
    expect(videoPostStatus('ready', counts({ cancelled: 3 }))).toBe('ready');
  });

  it('(2) is processing while any post is publishing, whatever the others are', () => {
    expect(videoPostStatus('ready', counts({ publishing: 1 }))).toBe('processing');
    expect(videoPostStatus('ready', counts({ publishing: 1, scheduled: 2, failed: 1, published: 1 }))).toBe(
      'processing',
    );
  });

  it('(3) is scheduled while any post waits for its time and none is publishing', () => {
    expect(videoPostStatus('ready', counts({ scheduled: 1 }))).toBe('scheduled');
    expect(videoPostStatus('ready', counts({ scheduled: 1, published: 2, failed: 1, cancelled: 1 }))).toBe('scheduled');
  });

  it('(4) is published when every post that was not cancelled is', () => {
    expect(videoPostStatus('ready', counts({ published: 6 }))).toBe('published');
    expect(videoPostStatus('awaiting-details', counts({ published: 1, cancelled: 2 }))).toBe('published');
  });

  it('(5) is failed when none was published', () => {
    expect(videoPostStatus('ready', counts({ failed: 2 }))).toBe('failed');
    expect(videoPostStatus('ready', counts({ unconfirmed: 1, failed: 1, cancelled: 1 }))).toBe('failed');
    expect(isPartiallyPublished(counts({ failed: 2 }))).toBe(false);
  });

  it('(6) is failed, shown as partially published, when some were published and others failed', () => {
    for (const c of [counts({ published: 2, failed: 1 }), counts({ published: 1, unconfirmed: 1 })]) {
      expect(videoPostStatus('ready', c)).toBe('failed');
      expect(isPartiallyPublished(c)).toBe(true);
    }
    expect(isPartiallyPublished(counts({ published: 2 }))).toBe(false);
    expect(isPartiallyPublished(counts({ published: 1, failed: 1, scheduled: 1 }))).toBe(false);
  });
});
