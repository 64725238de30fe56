import type { SearchResult } from '@fanout/contracts';

export const EMPTY_QUERY_TEXT = 'Type to search files and folders...';
export const noResultsText = (query: string) => `No results found for "${query}"`;
export const resultCountText = (count: number) => `${count} result(s)`;

/** Splits text into parts, marking those that match the query (case-insensitive) for highlighting. */
export function highlightParts(text: string, query: string): { text: string; match: boolean }[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [{ text, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  const haystack = text.toLowerCase();
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}

/** Where a result leads: a path as given, or the video page for a 'video:<id>' reference. */
export function resultHref(result: SearchResult): string | null {
  if (result.ref.startsWith('/')) return result.ref;
  const id = /(\d+)$/.exec(result.ref)?.[1];
  return result.type === 'video' && id ? `/video/${id}` : null;
}
