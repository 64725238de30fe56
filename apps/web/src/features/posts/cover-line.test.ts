import { describe, expect, it } from 'vitest';
import { COVER_DESTINATIONS, coverFileProblem, coverLine } from './cover-line';

const frame = { kind: 'frame' as const, frameMs: 4200, url: '/uploads/still.jpg' };
const image = {
  kind: 'image' as const,
  width: 1280,
  height: 720,
  mimeType: 'image/png' as const,
  url: '/uploads/c.png',
};
const lines = (cover: typeof frame | typeof image | null, publicAddress = false) =>
  COVER_DESTINATIONS.map((d) => coverLine(d, cover, publicAddress));

describe('which cover each platform gets, in words', () => {
  it('a frame reaches TikTok and Instagram; the others keep their own, X takes none', () => {
    expect(lines(frame)).toEqual([
      'Instagram: the frame at 0:04',
      'TikTok: the frame at 0:04',
      'YouTube: its own choice of frame (it takes an image, not a frame)',
      'Facebook: its own choice of frame (it takes an image, not a frame)',
      'Facebook Reel: its own choice of frame (Reels take no cover)',
      'X (Twitter): takes no cover',
      'Reddit: the video’s preview image (it takes an image, not a frame)',
    ]);
  });

  it('an image reaches YouTube, a Facebook Page video and Reddit, and Instagram only from a public address', () => {
    expect(lines(image)).toEqual([
      'Instagram: its own choice of frame (an image needs a public address)',
      'TikTok: its own choice of frame (it takes a frame, not an image)',
      'YouTube: your image',
      'Facebook: your image',
      'Facebook Reel: its own choice of frame (Reels take no cover)',
      'X (Twitter): takes no cover',
      'Reddit: your image',
    ]);
    expect(lines(image, true)[0]).toBe('Instagram: your image');
  });

  it('with no cover, says what each platform does by itself', () => {
    expect(lines(null)).toEqual([
      'Instagram: its own choice of frame',
      'TikTok: its own choice of frame',
      'YouTube: its own choice of frame',
      'Facebook: its own choice of frame',
      'Facebook Reel: its own choice of frame',
      'X (Twitter): takes no cover',
      'Reddit: the video’s preview image',
    ]);
  });

  it('refuses anything but a JPEG or PNG of at most 2 MB before sending it', () => {
    const file = (type: string, size: number) => new File([new Uint8Array(size)], 'c', { type });
    expect(coverFileProblem(file('image/png', 1000))).toBeNull();
    expect(coverFileProblem(file('image/jpeg', 2 * 1024 * 1024))).toBeNull();
    expect(coverFileProblem(file('image/gif', 1000))).toBe('Choose a JPEG or PNG image.');
    expect(coverFileProblem(file('image/png', 2 * 1024 * 1024 + 1))).toMatch(/larger than 2 MB/);
  });
});
