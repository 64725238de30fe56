const characters = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The longest start of `text` that fits in `max` UTF-16 units (the length the contracts count) and
 * ends between two characters as people see them: an emoji, a flag or a letter with its accents is
 * kept whole or left out, never cut into a broken character.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  for (const { index, segment } of characters.segment(text)) {
    if (index + segment.length > max) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/** A video's title from its file name: the name without its extension, cut to 200 characters. */
export function titleFromFileName(name: string): string {
  const stem = name.replace(/\.[^.]*$/, '').trim();
  return cutText(stem, 200) || 'Untitled video';
}
