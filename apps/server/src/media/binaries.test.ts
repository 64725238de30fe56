import { afterEach, describe, expect, it } from 'vitest';
import { mediaFixtures } from '../../test/fixtures';
import { findOnPath, resolveBinaries } from './binaries';
import { createMedia } from './media';

describe('media: finding ffmpeg and ffprobe', () => {
  const savedPath = process.env.PATH;
  afterEach(() => {
    process.env.PATH = savedPath;
  });

  it('prefers the binaries on PATH', () => {
    const onPath = findOnPath('ffprobe');
    if (!onPath) return; // machines without a system ffmpeg are covered by the next test
    expect(resolveBinaries({}).ffprobe).toBe(onPath);
  });

  it('falls back to the npm-packaged binaries, which read a real video', async () => {
    process.env.PATH = '';
    const media = createMedia();
    expect(media.binaries().ffprobe).toMatch(/@ffprobe-installer/);
    expect(media.binaries().ffmpeg).toMatch(/@ffmpeg-installer/);
    const facts = await media.probe(mediaFixtures().video);
    expect(facts).toMatchObject({ hasVideo: true, width: 640, height: 360 });
  });

  it('names the setting when a configured path is not executable', () => {
    expect(() => resolveBinaries({ ffmpegPath: '/nonexistent/ffmpeg' })).toThrow(/FFMPEG_PATH/);
  });
});
