/**
 * X's weighted text length, as twitter-text counts it (config v3: maxWeightedTweetLength 280, scale 100,
 * defaultWeight 200, transformedURLLength 23, emojiParsingEnabled): after NFC normalisation every URL counts
 * 23 whatever its length, every emoji (a whole ZWJ sequence, a flag, a keycap) counts 2, a code point in the
 * ranges below counts 1 and any other (CJK, Hangul, Thai, Devanagari…) counts 2.
 * The URL recogniser is simpler than twitter-text's (which knows every IANA top-level domain): links with
 * http(s)://, and bare domains ending in a common generic TLD or in a two-letter country code.
 */
export const X_MAX_WEIGHTED_LENGTH = 280;
export const X_URL_LENGTH = 23;

/** twitter-text config v3 `ranges`, weight 100 (= 1): Latin to Georgian, and general punctuation. */
const LIGHT_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];

export function xCharacterWeight(codePoint: number): 1 | 2 {
  return LIGHT_RANGES.some(([start, end]) => codePoint >= start && codePoint <= end) ? 1 : 2;
}

const GENERIC_TLDS = new Set(
  (
    'com net org edu gov mil int info biz name pro aero coop museum mobi asia tel travel jobs cat app dev page ' +
    'blog shop store online site website xyz top club live news art tech cloud space link world today media ' +
    'life email agency design studio video social network digital global solutions company services'
  ).split(' '),
);

/** Characters after which a URL may start (twitter-text: not after a letter, digit, @, $ or #). */
const URL = new RegExp(
  '(^|[^A-Za-z0-9@＠$#＃\\u202A-\\u202E])' +
    '((https?:\\/\\/)?((?:[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?\\.)+)(\\p{L}{2,}))' +
    '(?![\\p{L}\\p{N}_@-])((?::\\d{1,5})?(?:\\/[^\\s]*)?)',
  'giu',
);

/** Punctuation that ends a sentence rather than the link it follows. */
const TRAILING = /[.,;:!?'"…)\]}>]$/;

function trimTrailing(url: string): string {
  let out = url;
  while (TRAILING.test(out)) {
    const last = out.at(-1);
    // Keep a closing parenthesis that closes one inside the link (Wikipedia-style paths).
    if (last === ')' && (out.match(/\(/g)?.length ?? 0) >= (out.match(/\)/g)?.length ?? 0)) break;
    out = out.slice(0, -1);
  }
  return out;
}

function isLink(protocol: string | undefined, labels: string, tld: string, rest: string): boolean {
  if (protocol) return true;
  const lower = tld.toLowerCase();
  if (!/^[a-z]+$/.test(lower) || !/^[A-Za-z0-9.-]+$/.test(labels)) return false;
  if (GENERIC_TLDS.has(lower)) return true;
  if (lower.length !== 2) return false;
  // twitter-text: a bare one-label country-code domain ("abc.de") is a link only with a path; t.co always.
  const oneLabel = labels.split('.').filter(Boolean).length === 1;
  return !oneLabel || rest.startsWith('/') || `${labels}${lower}` === 't.co';
}

/** Start and end (UTF-16 indexes) of each URL in the text. */
export function findUrls(text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  for (const m of text.matchAll(URL)) {
    const [, before = '', domain = '', protocol, labels = '', tld = '', rest = ''] = m;
    if (!isLink(protocol, labels, tld, rest)) continue;
    const start = (m.index ?? 0) + before.length;
    const url = trimTrailing(domain + rest);
    found.push({ start, end: start + url.length });
  }
  return found;
}

const EMOJI = new RegExp(
  [
    '\\u{1F3F4}[\\u{E0020}-\\u{E007E}]+\\u{E007F}',
    '\\p{Regional_Indicator}\\p{Regional_Indicator}',
    '[#*0-9]\\uFE0F?\\u20E3',
    '\\p{Extended_Pictographic}(?:\\uFE0F|\\p{Emoji_Modifier})?' +
      '(?:\\u200D[\\p{Extended_Pictographic}\\u{1F9B0}-\\u{1F9B3}](?:\\uFE0F|\\p{Emoji_Modifier})?)*',
  ].join('|'),
  'gu',
);

/** Start → end of each emoji. © and ® alone are text (weight 1); with U+FE0F they are emoji. */
function emojiSpans(text: string): Map<number, number> {
  const spans = new Map<number, number>();
  for (const m of text.matchAll(EMOJI)) {
    const single = m[0].length === 1 && xCharacterWeight(m[0].codePointAt(0) ?? 0) === 1;
    if (!single) spans.set(m.index ?? 0, (m.index ?? 0) + m[0].length);
  }
  return spans;
}

export function xWeightedLength(text: string): number {
  const normalized = text.normalize('NFC');
  const urls = new Map(findUrls(normalized).map(({ start, end }) => [start, end]));
  const emoji = emojiSpans(normalized);
  let weight = 0;
  for (let i = 0; i < normalized.length;) {
    const urlEnd = urls.get(i);
    const emojiEnd = emoji.get(i);
    if (urlEnd !== undefined) {
      weight += X_URL_LENGTH;
      i = urlEnd;
    } else if (emojiEnd !== undefined) {
      weight += 2;
      i = emojiEnd;
    } else {
      const cp = normalized.codePointAt(i) ?? 0;
      weight += xCharacterWeight(cp);
      i += cp > 0xffff ? 2 : 1;
    }
  }
  return weight;
}
