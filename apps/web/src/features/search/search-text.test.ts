import { describe, expect, it } from 'vitest';
import {
  EMPTY_QUERY_TEXT,
  highlightParts,
  noResultsText,
  resultCountText,
  resultHref,
  snippetAround,
} from './search-text';

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

  it('starts a long text near its first match, on one line', () => {
    expect(snippetAround('Beach day\nwith friends', 'friends')).toBe('Beach day with friends');
    expect(snippetAround('We walked the whole old town and the market, then the beach', 'BEACH')).toBe(
      '…the market, then the beach',
    );
    expect(snippetAround('Nothing here', 'zebra')).toBe('Nothing here');
  });
});
