import { describe, expect, it } from 'vitest';
import { findUrls, xWeightedLength } from './x-weighted-length';

describe("X's weighted length (twitter-text config v3)", () => {
  it.each([
    ['ASCII counts 1 each', 'hello world', 11],
    ['Latin, Greek, Cyrillic, Arabic count 1', 'éλжع', 4],
    ['general punctuation (en dash, quotes) counts 1', '–“”‘', 4],
    ['an ellipsis, outside those ranges, counts 2', '…', 2],
    ['CJK counts 2', '日本語', 6],
    ['Hangul counts 2', '한국', 4],
    ['an emoji counts 2', '😀', 2],
    ['an emoji with a skin tone counts 2', '👍🏽', 2],
    ['a ZWJ family counts 2', '👨‍👩‍👧‍👦', 2],
    ['a flag counts 2', '🇯🇵', 2],
    ['a keycap counts 2', '1️⃣', 2],
    ['© alone is text, counting 1', '©', 1],
    ['a decomposed é is normalised to one character', 'e\u0301', 1],
  ])('%s', (_label, text, weight) => {
    expect(xWeightedLength(text)).toBe(weight);
  });

  it.each([
    ['a long https URL', `see https://example.com/${'a'.repeat(80)}`, 4 + 23],
    ['a short http URL', 'http://x.co', 23],
    ['a bare domain with a generic TLD', 'visit example.com', 6 + 23],
    ['a bare www domain with a country code', 'www.example.de', 23],
    ['a bare one-label country-code domain with a path', 'example.de/page', 23],
    ['a URL followed by sentence punctuation', 'example.com.', 23 + 1],
    ['a URL inside parentheses', '(https://example.com)', 1 + 23 + 1],
    ['two URLs', 'a.com b.org', 23 + 1 + 23],
  ])('counts %s as 23', (_label, text, weight) => {
    expect(xWeightedLength(text)).toBe(weight);
  });

  it.each([
    ['an e-mail address', 'me@example.com'],
    ['a bare one-label country-code domain without a path', 'file.js'],
    ['an abbreviation', 'e.g. i.e.'],
    ['a host without a dot', 'http://localhost'],
  ])('does not count %s as a URL', (_label, text) => {
    expect(findUrls(text)).toEqual([]);
  });

  it('weights a mixed text piece by piece', () => {
    // 'Tokyo ' 6 + '東京' 4 + ' ' 1 + emoji 2 + ' ' 1 + URL 23
    expect(xWeightedLength('Tokyo 東京 🗼 https://en.wikipedia.org/wiki/Tokyo_(city)')).toBe(37);
  });
});
