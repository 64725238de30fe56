import { describe, expect, it } from 'vitest';
import { frameInCopy } from './frame-in-copy';

describe('a cover frame in a fitting copy', () => {
  const trimmed = [
    { kind: 'trim', startMs: 10_000, endMs: 40_000 },
    { kind: 'transcode', videoCodec: 'h264', audioCodec: 'aac', fps: 30, videoBitrate: 1, audioBitrate: 1 },
  ];

  it('moves back by the start of the range a trimmed copy keeps', () => {
    expect(frameInCopy(12_500, trimmed)).toBe(2_500);
    expect(frameInCopy(10_000, trimmed)).toBe(0);
  });

  it('takes the copy’s nearest frame for one the trim cut off', () => {
    expect(frameInCopy(4_000, trimmed)).toBe(0);
    expect(frameInCopy(55_000, trimmed)).toBe(29_999);
  });

  it('stays where it is in a copy that keeps the whole timeline, and for the video itself', () => {
    expect(frameInCopy(12_500, [{ kind: 'pad', width: 1080, height: 1920, background: 'blur' }])).toBe(12_500);
    expect(frameInCopy(12_500, undefined)).toBe(12_500);
  });
});
