import { describe, expect, it } from 'vitest';
import { isStorableText } from '../http/text-input';
import { cutText, titleFromFileName } from './cut-text';
import { cleanOriginalName } from './upload.service';

describe('cutting text to a length limit', () => {
  it('leaves text within the limit alone', () => {
    expect(cutText('Beach day 🌊', 12)).toBe('Beach day 🌊');
  });

  it('drops an emoji that does not fit whole instead of leaving half of it', () => {
    // '🌊' is two UTF-16 units; a plain slice to 11 would end in a lone surrogate.
    expect('Beach day 🌊'.slice(0, 11)).not.toBe(cutText('Beach day 🌊', 11));
    expect(cutText('Beach day 🌊', 11)).toBe('Beach day ');
  });

  it('keeps joined emoji, flags and accented letters whole', () => {
    const family = '👨‍👩‍👧';
    expect(cutText(`ab${family}`, 2 + family.length - 1)).toBe('ab');
    expect(cutText('🇩🇪🇫🇷', 6)).toBe('🇩🇪');
    expect(cutText('Cafe\u0301 au lait', 4)).toBe('Caf');
  });

  it('never leaves a broken character in an upload title or file name', () => {
    const name = `${'a'.repeat(199)}😀 more.mp4`;
    const title = titleFromFileName(name);
    expect(title).toBe('a'.repeat(199));
    expect(isStorableText(title)).toBe(true);
    const long = `${'b'.repeat(254)}😀.mp4`;
    expect(isStorableText(cleanOriginalName(long))).toBe(true);
    expect(cleanOriginalName(long)).toBe('b'.repeat(254));
  });
});
