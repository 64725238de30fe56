/**
 * Whether a comment read back from a platform carries the text Fanout sent. Platforms keep a comment's text as
 * written, but may turn its line endings and the blanks around it into their own: those are not told apart.
 */
export function sameCommentText(read: unknown, sent: string): boolean {
  if (typeof read !== 'string') return false;
  const plain = (s: string) => s.replace(/\r\n?/g, '\n').trim();
  return plain(read) === plain(sent);
}

/** How many pages of comments a look-up reads at most: the comment it looks for is among the newest. */
export const COMMENT_LOOKUP_PAGES = 5;
