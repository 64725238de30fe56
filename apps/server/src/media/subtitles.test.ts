import { describe, expect, it } from 'vitest';
import { parseSubtitles, SubtitleError, toSrt } from './subtitles';

const SRT = '1\n00:00:00,500 --> 00:00:01,250\nHello\n\n2\r\n00:00:01,300 --> 00:00:01,900\r\nTwo\r\nlines\r\n';
const VTT = [
  'WEBVTT - made by hand',
  '',
  'NOTE a comment',
  '',
  'intro',
  '00:00.500 --> 00:01.250 align:start position:10%',
  '<v Ann>Hello &amp; <b>welcome</b></v>',
  '',
  '00:00:01.300 --> 00:00:01.900',
  '<c.loud>Two</c> &lt;3',
].join('\n');

function failure(text: string): string {
  try {
    parseSubtitles(text);
  } catch (err) {
    if (err instanceof SubtitleError) return err.message;
    throw err;
  }
  throw new Error('parsed');
}

describe('caption files', () => {
  it('reads SubRip and WebVTT cues, with their times and text', () => {
    expect(parseSubtitles(`\uFEFF${SRT}`)).toEqual({
      format: 'srt',
      cues: [
        { startMs: 500, endMs: 1250, text: 'Hello', line: 2 },
        { startMs: 1300, endMs: 1900, text: 'Two\nlines', line: 6 },
      ],
    });
    const vtt = parseSubtitles(VTT);
    expect(vtt.format).toBe('vtt');
    expect(vtt.cues.map((c) => [c.startMs, c.endMs, c.line])).toEqual([
      [500, 1250, 6],
      [1300, 1900, 9],
    ]);
  });

  it('writes WebVTT out as SubRip, keeping bold and dropping voices, classes and settings', () => {
    expect(toSrt(parseSubtitles(VTT).cues)).toBe(
      '1\n00:00:00,500 --> 00:00:01,250\nHello & <b>welcome</b>\n\n2\n00:00:01,300 --> 00:00:01,900\nTwo <3\n',
    );
    expect(parseSubtitles(toSrt(parseSubtitles(VTT).cues)).cues).toHaveLength(2);
  });

  it('names the line where a file goes wrong, in words', () => {
    expect(failure('1\n00:00:02,000 --> 00:00:01,000\nBackwards\n')).toBe(
      'Line 2: the cue ends before it starts (or as it starts)',
    );
    expect(failure('1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:00,500 --> 00:00:03,000\nB\n')).toBe(
      'Line 6: this cue starts before the one above it: cues must be in time order',
    );
    expect(failure('1\n00:00:01 --> 00:00:02\nNo millis\n')).toMatch(/^Line 2: the times must look like/);
    expect(failure('Hello there\n00:00:01,000 --> 00:00:02,000\n')).toBe(
      'Line 1: each cue must start with its number (1, 2, 3…)',
    );
    expect(failure('WEBVTT\n\n00:00.000 --> 00:01.000\nA\n\ncue\nno times here\n')).toBe(
      'Line 7: a cue needs its times (start --> end)',
    );
    expect(failure('WEBVTT\n00:00.000 --> 00:01.000\nA\n')).toMatch(/^Line 1: leave a blank line/);
    expect(failure('<html><script>alert(1)</script></html>')).toMatch(/^Line 1:/);
    expect(failure('WEBVTT\n\nNOTE nothing else\n')).toBe('Line 1: the file has no cues');
    expect(failure('')).toBe('Line 1: the file has no cues');
  });
});
