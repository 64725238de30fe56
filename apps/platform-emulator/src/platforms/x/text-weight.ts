import { TEXT } from './limits';

/**
 * A post's length as X counts it (twitter-text v3): text in NFC; each URL counts 23; an emoji (a whole
 * grapheme: ZWJ sequences, flags, modifiers) counts 2; a code point in the light ranges (Latin, Greek,
 * Cyrillic, Hebrew, Arabic… up to U+10FF, and some punctuation) counts 1; every other one (CJK…) counts 2.
 */
const LIGHT: [number, number][] = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];

// URLs with a scheme, or bare ones twitter-text recognises by their well-known top-level domain.
const URL_PATTERN =
  /\bhttps?:\/\/[^\s]+|\b(?:www\.)?[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|co|dev|app|me|info|tv|ly|gg|ai|edu|gov|uk|de|fr|jp|es|it|nl|ca|au)(?:\/[^\s]*)?/gi;

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

const weightOf = (cp: number) => (LIGHT.some(([a, b]) => cp >= a && cp <= b) ? 1 : 2);

export function weightedLength(input: string): number {
  const text = input.normalize('NFC');
  let length = 0;
  let at = 0;
  const count = (s: string) => {
    for (const { segment } of segmenter.segment(s))
      length += EMOJI.test(segment) ? 2 : [...segment].reduce((n, c) => n + weightOf(c.codePointAt(0)!), 0);
  };
  for (const m of text.matchAll(URL_PATTERN)) {
    count(text.slice(at, m.index));
    length += TEXT.urlLength;
    at = m.index + m[0].length;
  }
  count(text.slice(at));
  return length;
}
