import { CAPTION_LIMIT, countCaption, type PlatformKey } from '@fanout/contracts';

/** What a caption is built from: the video's details. */
export interface CaptionSource {
  title: string;
  description: string;
  tags: readonly string[];
}

/**
 * The tags as hashtags: `#` and the tag's letters, digits and underscores (`New York` → `#NewYork`); a tag
 * with none of those is left out, and so is a repeat (ignoring case).
 */
export function hashtagsOf(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of tags) {
    const word = tag.replace(/[^\p{L}\p{M}\p{N}_]/gu, '');
    if (!word || seen.has(word.toLowerCase())) continue;
    seen.add(word.toLowerCase());
    out.push(`#${word}`);
  }
  return out;
}

const paragraphs = (...parts: string[]) =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join('\n\n');

/** The text, then as many of the hashtags (in order) as keep it within the platform's limit, counted its way. */
function withHashtagsThatFit(platform: PlatformKey, text: string, hashtags: readonly string[]): string {
  let out = text.trim();
  for (const tag of hashtags) {
    const next = out ? `${out}${out.includes('#') ? ' ' : '\n\n'}${tag}` : tag;
    if (countCaption(platform, next) > CAPTION_LIMIT[platform]) break;
    out = next;
  }
  return out;
}

/**
 * Each platform's text field, built from the video the way people write it there:
 * - YouTube `description`, Facebook `description`: the description, then the hashtags (the video's title has
 *   a field of its own there: YouTube's title, a Page video's title);
 * - TikTok `title`, Instagram `caption`: the title, the description, then the hashtags, as paragraphs;
 * - X `text`: the title, then as many hashtags as fit in a post (the description rarely would);
 * - Reddit: the post's title is the video's title (Reddit has no hashtags).
 * A text that is still too long is not cut: validation names the limit and the person writes an override.
 */
const BUILDERS: Record<PlatformKey, (video: CaptionSource, hashtags: string[]) => string> = {
  youtube: (v, tags) => paragraphs(v.description, tags.join(' ')),
  facebook: (v, tags) => paragraphs(v.description, tags.join(' ')),
  tiktok: (v, tags) => paragraphs(v.title, v.description, tags.join(' ')),
  instagram: (v, tags) => paragraphs(v.title, v.description, tags.join(' ')),
  x: (v, tags) => withHashtagsThatFit('x', v.title, tags),
  reddit: (v) => v.title.trim(),
};

/** The caption a post without an override gets on `platform`. */
export function buildCaption(platform: PlatformKey, video: CaptionSource): string {
  return BUILDERS[platform](video, hashtagsOf(video.tags));
}

/** The text a post sends: its override when it has one, else the caption built from the video. */
export function postCaption(platform: PlatformKey, override: string | null, video: CaptionSource): string {
  return override ?? buildCaption(platform, video);
}
