import { describe, expect, it } from 'vitest';
import {
  codePointLength,
  countHashtags,
  countMentions,
  utf16Length,
  utf8ByteLength,
  youtubeTagsLength,
} from './text-count';

describe('counting text the platforms’ ways', () => {
  it.each([
    ['plain ASCII', 'hello', 5, 5, 5],
    ['accented Latin', 'café', 4, 4, 5],
    ['CJK', '東京', 2, 2, 6],
    ['an emoji outside the BMP', '😀', 2, 1, 4],
    ['a family (ZWJ sequence)', '👨‍👩‍👧', 8, 5, 18],
    ['a flag', '🇫🇷', 4, 2, 8],
    ['empty', '', 0, 0, 0],
  ])('%s: UTF-16 units, code points and UTF-8 bytes', (_label, text, utf16, codePoints, bytes) => {
    expect(utf16Length(text)).toBe(utf16);
    expect(codePointLength(text)).toBe(codePoints);
    expect(utf8ByteLength(text)).toBe(bytes);
  });

  it('counts UTF-8 bytes as an encoder does', () => {
    const text = 'Grüße aus 東京 👋🏽 — ½ price';
    expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
  });

  it.each([
    ['#one #two #three', 3],
    ['#café and #東京', 2],
    ['no#tag here, nor &#35; or a lone #', 0],
    ['#a#b counts once', 1],
    ['(#first), #second.', 2],
  ])('hashtags in %j: %i', (text, n) => {
    expect(countHashtags(text)).toBe(n);
  });

  it.each([
    ['@alice and @bob.smith', 2],
    ['mail me@example.com', 0],
    ['@under_score, (@paren)', 2],
    ['a lone @ sign', 0],
  ])('@mentions in %j: %i', (text, n) => {
    expect(countMentions(text)).toBe(n);
  });

  it('counts YouTube tags as YouTube does: commas between, quotes around tags with a space', () => {
    expect(youtubeTagsLength(['Foo-Baz'])).toBe(7);
    expect(youtubeTagsLength(['Foo Baz'])).toBe(9);
    expect(youtubeTagsLength(['a', 'b', 'c d'])).toBe(1 + 1 + 5 + 2);
    expect(youtubeTagsLength([])).toBe(0);
  });
});
