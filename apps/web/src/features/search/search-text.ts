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

/**
 * The text on one line, starting a little before the first match when that lies further in (a long caption's
 * match would be cut off the row), with '…' for what was left out.
 */
export function snippetAround(text: string, query: string, lead = 24): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const at = line.toLowerCase().indexOf(query.trim().toLowerCase());
  if (!query.trim() || at <= lead) return line;
  // The first word that starts within `lead` characters before the match.
  const space = line.indexOf(' ', at - lead - 1);
  const from = space !== -1 && space < at ? space + 1 : at - lead;
  return `…${line.slice(from)}`;
}
