import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFixtures, type MediaFixtures } from '../../test/fixtures';
import { makeTempDir } from '../../test/test-server';
import { interpretProbe } from './ffprobe';
import { createMedia } from './media';
import { runProcess } from './run-process';

describe('media: ffprobe facts and thumbnails from real files', () => {
  const media = createMedia();
  let fx: MediaFixtures;
  let out: string;
  beforeAll(() => {
    fx = mediaFixtures();
    out = makeTempDir('fanout-media-test-');
  });
  afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

  it('reads duration, size and codecs of a real MP4', async () => {
    const facts = await media.probe(fx.video);
    expect(facts).toMatchObject({
      hasVideo: true,
      width: 640,
      height: 360,
      fps: 24,
      videoCodec: 'h264',
      audioCodec: 'aac',
      container: { extension: 'mp4', mimeType: 'video/mp4' },
    });
    expect(facts.durationSeconds).toBeCloseTo(3, 1);
  });

  it('tells a QuickTime file from an MP4 by its brand', async () => {
    const facts = await media.probe(fx.videoMov);
    expect(facts.hasVideo).toBe(true);
    expect(facts.container).toEqual({ extension: 'mov', mimeType: 'video/quicktime' });
  });

  it('reads whether an MP4/MOV index comes before the media data, and nothing of other files', async () => {
    const indexFirst = async (file: string) => media.indexFirst(file, await media.probe(file));
    expect(await indexFirst(fx.video)).toBe(true);
    expect(await indexFirst(fx.videoIndexAtEnd)).toBe(false);
    expect(await indexFirst(fx.videoMov)).toBe(false);
    expect(await indexFirst(fx.audioWithCover)).toBeNull();
  });

  it.each([
    ['text named .mp4', 'textAsMp4'],
    ['still PNG', 'still'],
    ['MP3 with cover art', 'audioWithCover'],
    ['a single frame in an MP4', 'singleFrameMp4'],
  ] as const)('says a %s is not a video', async (_label, key) => {
    expect((await media.probe(fx[key])).hasVideo).toBe(false);
  });

  it('treats a missing file as not a video rather than crashing', async () => {
    expect((await media.probe(path.join(out, 'missing.mp4'))).hasVideo).toBe(false);
  });

  it('makes a JPEG thumbnail no wider than 480 px', async () => {
    const thumb = path.join(out, 'thumb.jpg');
    await media.makeThumbnail(fx.video, thumb, 2);
    const bytes = fs.readFileSync(thumb);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const facts = await probeImage(thumb);
    expect(facts.width).toBe(480);
  });

  it('fails without leaving a file when there is no frame to grab', async () => {
    const thumb = path.join(out, 'none.jpg');
    await expect(media.makeThumbnail(fx.textAsMp4, thumb, null)).rejects.toThrow();
    expect(fs.existsSync(thumb)).toBe(false);
  });

  async function probeImage(file: string) {
    const res = await runProcess(
      media.binaries().ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_streams', file],
      {
        timeoutMs: 10_000,
      },
    );
    const stream = (JSON.parse(res.stdout) as { streams: { width: number }[] }).streams[0];
    return { width: stream?.width };
  }
});

describe('media: interpreting ffprobe output', () => {
  const h264 = { codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080, nb_frames: '300' };
  const mp4Format = { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '10.5', tags: { major_brand: 'isom' } };

  it('swaps width and height of a portrait phone video', () => {
    const facts = interpretProbe({
      streams: [{ ...h264, side_data_list: [{ rotation: -90 }] }],
      format: mp4Format,
    });
    expect(facts).toMatchObject({ hasVideo: true, width: 1080, height: 1920, durationSeconds: 10.5 });
  });

  it('ignores cover art even inside a video container', () => {
    const facts = interpretProbe({
      streams: [
        { codec_type: 'audio', codec_name: 'aac' },
        { ...h264, disposition: { attached_pic: 1 } },
      ],
      format: mp4Format,
    });
    expect(facts.hasVideo).toBe(false);
    expect(facts.audioCodec).toBe('aac');
  });

  it('does not count a duration-less stream as a video', () => {
    expect(interpretProbe({ streams: [h264], format: { format_name: 'matroska,webm' } }).hasVideo).toBe(false);
  });

  it('rejects image formats and unknown containers', () => {
    expect(interpretProbe({ streams: [h264], format: { format_name: 'image2', duration: '4' } }).hasVideo).toBe(false);
    expect(interpretProbe({ streams: [h264], format: { format_name: 'gif', duration: '4' } }).hasVideo).toBe(false);
  });

  it('names WebM only for WebM codecs, Matroska otherwise', () => {
    const mkv = { format_name: 'matroska,webm', duration: '3' };
    const vp9 = { ...h264, codec_name: 'vp9' };
    expect(
      interpretProbe({ streams: [vp9, { codec_type: 'audio', codec_name: 'opus' }], format: mkv }).container,
    ).toEqual({ extension: 'webm', mimeType: 'video/webm' });
    expect(interpretProbe({ streams: [h264], format: mkv }).container?.extension).toBe('mkv');
  });

  it('reads the frame rate from the average rate, else the base rate, else says it is unknown', () => {
    const fps = (stream: object) => interpretProbe({ streams: [{ ...h264, ...stream }], format: mp4Format }).fps;
    expect(fps({ avg_frame_rate: '30000/1001', r_frame_rate: '60/1' })).toBe(29.97);
    expect(fps({ avg_frame_rate: '0/0', r_frame_rate: '24/1' })).toBe(24);
    expect(fps({ avg_frame_rate: '0/0', r_frame_rate: '0/0' })).toBeNull();
    expect(fps({})).toBeNull();
  });
});
