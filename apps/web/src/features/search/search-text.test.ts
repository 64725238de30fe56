import { describe, expect, it } from 'vitest';
import { EMPTY_QUERY_TEXT, highlightParts, noResultsText, resultCountText, resultHref } from './search-text';

describe('header search texts', () => {
  it('uses the spec wording', () => {
    expect(EMPTY_QUERY_TEXT).toBe('Type to search files and folders...');
    expect(noResultsText('beach')).toBe('No results found for "beach"');
    expect(resultCountText(3)).toBe('3 result(s)');
  });

  it('marks every case-insensitive match', () => {
    expect(highlightParts('Beach day at the beach', 'BEACH')).toEqual([
      { text: 'Beach', match: true },
      { text: ' day at the ', match: false },
      { text: 'beach', match: true },
    ]);
    expect(highlightParts('Sunset', 'x')).toEqual([{ text: 'Sunset', match: false }]);
  });

  it('leads a result to its page', () => {
    const base = { type: 'video' as const, name: 'n', drive: 'd', owner: 'o', modified: '2026-01-01' };
    expect(resultHref({ ...base, ref: '/video/12' })).toBe('/video/12');
    expect(resultHref({ ...base, ref: 'video:12' })).toBe('/video/12');
    expect(resultHref({ ...base, type: 'pdf', ref: 'doc' })).toBeNull();
  });
});
