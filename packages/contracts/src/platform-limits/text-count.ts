import type { Counting } from './types';
import { xWeightedLength } from './x-weighted-length';

/** JavaScript's own length: UTF-16 code units, so most emoji count 2. */
export const utf16Length = (text: string): number => text.length;

/** Unicode characters (code points): an emoji counts 1, a flag 2 (two regional indicators). */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Bytes of the text in UTF-8, counted without an encoder so it runs anywhere. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

export function countText(counting: Counting, text: string): number {
  switch (counting) {
    case 'utf16':
      return utf16Length(text);
    case 'codePoints':
      return codePointLength(text);
    case 'utf8Bytes':
      return utf8ByteLength(text);
    case 'xWeighted':
      return xWeightedLength(text);
  }
}

/** A `#` that starts a word, followed by letters, digits or underscores (Unicode letters too: #café, #東京). */
const HASHTAG = /(^|[^\p{L}\p{M}\p{N}_&#＃])[#＃][\p{L}\p{M}\p{N}_]+/gu;

/** An `@` that starts a word, followed by an Instagram-style username (letters, digits, `.` and `_`). */
const MENTION = /(^|[^\p{L}\p{M}\p{N}_.@＠])[@＠][A-Za-z0-9._]*[A-Za-z0-9_]/gu;

export const countHashtags = (text: string): number => text.match(HASHTAG)?.length ?? 0;

export const countMentions = (text: string): number => text.match(MENTION)?.length ?? 0;

/**
 * The length YouTube gives a list of tags (videos resource, snippet.tags[]): the commas between tags count,
 * and a tag with a space counts as if wrapped in quotation marks, so "Foo-Baz" is 7 and "Foo Baz" is 9.
 */
export function youtubeTagsLength(tags: readonly string[]): number {
  const present = tags.filter((tag) => tag.length > 0);
  const commas = Math.max(0, present.length - 1);
  return present.reduce((sum, tag) => sum + codePointLength(tag) + (/\s/.test(tag) ? 2 : 0), commas);
}
