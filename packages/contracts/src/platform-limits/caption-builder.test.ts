import { describe, expect, it } from 'vitest';
import { buildCaption, hashtagsOf, postCaption } from './caption-builder';

const video = {
  title: 'Harbour at dawn',
  description: 'Boats leaving at six.',
  tags: ['travel', 'New York', 'travel'],
};

describe('captions built from the video, each platform its way', () => {
  it('turns tags into hashtags once each', () => {
    expect(hashtagsOf(['travel', 'New York', 'Travel', '!!!'])).toEqual(['#travel', '#NewYork']);
  });

  it('fills each platform text field from the title, description and tags', () => {
    expect(buildCaption('tiktok', video)).toBe('Harbour at dawn\n\nBoats leaving at six.\n\n#travel #NewYork');
    expect(buildCaption('youtube', video)).toBe('Boats leaving at six.\n\n#travel #NewYork');
    expect(buildCaption('x', video)).toBe('Harbour at dawn\n\n#travel #NewYork');
    expect(buildCaption('reddit', video)).toBe('Harbour at dawn');
  });

  it('keeps an override as written', () => {
    expect(postCaption('tiktok', 'My own words', video)).toBe('My own words');
    expect(postCaption('reddit', null, video)).toBe('Harbour at dawn');
  });
});
