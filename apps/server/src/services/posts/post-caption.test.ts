import { countCaption, PLATFORM_KEYS } from '@fanout/contracts';
import { describe, expect, it } from 'vitest';
import { buildCaption, hashtagsOf, postCaption } from './post-caption';

const video = {
  title: 'Harbour at dawn',
  description: 'Boats leaving before sunrise.',
  tags: ['harbour', 'New York', 'harbour', '!!!', 'café_au_lait'],
};

describe('captions built from the video, each platform its way', () => {
  it('turns tags into hashtags without spaces or punctuation, repeats and empty ones left out', () => {
    expect(hashtagsOf(video.tags)).toEqual(['#harbour', '#NewYork', '#café_au_lait']);
  });

  it('fills each platform with what people write there', () => {
    const tags = '#harbour #NewYork #café_au_lait';
    expect(buildCaption('youtube', video)).toBe(`Boats leaving before sunrise.\n\n${tags}`);
    expect(buildCaption('facebook', video)).toBe(`Boats leaving before sunrise.\n\n${tags}`);
    expect(buildCaption('tiktok', video)).toBe(`Harbour at dawn\n\nBoats leaving before sunrise.\n\n${tags}`);
    expect(buildCaption('instagram', video)).toBe(`Harbour at dawn\n\nBoats leaving before sunrise.\n\n${tags}`);
    expect(buildCaption('x', video)).toBe(`Harbour at dawn\n\n${tags}`);
    expect(buildCaption('reddit', video)).toBe('Harbour at dawn');
  });

  it('gives X only the hashtags that keep the post within its limit', () => {
    const long = { title: 'x'.repeat(270), description: '', tags: ['one', 'two', 'three'] };
    const caption = buildCaption('x', long);
    expect(caption).toBe(`${'x'.repeat(270)}\n\n#one`);
    expect(countCaption('x', caption)).toBeLessThanOrEqual(280);
  });

  it('leaves out what is empty, and never invents text', () => {
    const bare = { title: 'Only a title', description: '  ', tags: [] };
    expect(buildCaption('youtube', bare)).toBe('');
    expect(buildCaption('tiktok', bare)).toBe('Only a title');
    for (const platform of PLATFORM_KEYS) expect(buildCaption(platform, bare)).not.toContain('#');
  });

  it('sends the override when the post has one, even an empty one', () => {
    expect(postCaption('tiktok', 'My own words', video)).toBe('My own words');
    expect(postCaption('tiktok', '', video)).toBe('');
    expect(postCaption('reddit', null, video)).toBe('Harbour at dawn');
  });
});
