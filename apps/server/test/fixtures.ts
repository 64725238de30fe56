import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveBinaries } from '../src/media/binaries';

/** Real media made by ffmpeg, a few KB each. */
export interface MediaFixtures {
  dir: string;
  /**
   * 3 s, 640x360, 24 fps, H.264 + AAC sine tone, MP4, about 30 KB: the smallest landscape clip every platform's
   * documented minima take (TikTok's and Instagram's 3 s, TikTok's 360 px a side and 23 fps).
   */
  video: string;
  /** the same MP4 without `+faststart`: its index (moov) after the media data, as ffmpeg writes by default */
  videoIndexAtEnd: string;
  /** the same picture and sound in a QuickTime container */
  videoMov: string;
  /** one 320x240 PNG frame */
  still: string;
  /** plain text named .mp4 */
  textAsMp4: string;
  /** 1 s MP3 with a JPEG cover picture (a "video" stream that is not one) */
  audioWithCover: string;
  /** one H.264 frame in an MP4 container */
  singleFrameMp4: string;
  /** 3 s, 540x960 (9:16 at a Facebook Reel's least size), 24 fps (a Reel's least), H.264 + AAC, MP4 */
  portraitVideo: string;
  /**
   * 6 s, 1280x720, 30 fps, H.264 (lossless, so about 12 MB) + AAC, MP4: large enough for several upload
   * chunks at the platforms' real minimum chunk sizes (TikTok's 5 MB, X's 5 MB segments, YouTube's 256 KiB).
   */
  bigVideo: string;
  /** the same at 720x1280 (9:16, as a Reel must be), about the same size */
  bigPortraitVideo: string;
}

// Bump when the recipes change, so an older cached set is not reused.
const RECIPE_VERSION = 'v5-minima';

function recipes(ffmpeg: string, dir: string) {
  const run = (...args: string[]) =>
    execFileSync(ffmpeg, ['-v', 'error', '-nostdin', '-y', ...args], { stdio: 'pipe' });
  const picture = ['-f', 'lavfi', '-i', 'testsrc=duration=3:size=640x360:rate=24'];
  const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'];
  const h264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '40', '-pix_fmt', 'yuv420p'];
  const aac = ['-c:a', 'aac', '-b:a', '32k', '-shortest'];
  run(...picture, ...tone, ...h264, ...aac, '-movflags', '+faststart', path.join(dir, 'video.mp4'));
  run(...picture, ...tone, ...h264, ...aac, path.join(dir, 'video-index-at-end.mp4'));
  run(...picture, ...tone, ...h264, ...aac, '-f', 'mov', path.join(dir, 'video.mov'));
  const portrait = ['-f', 'lavfi', '-i', 'testsrc=duration=3:size=540x960:rate=24'];
  run(...portrait, ...tone, ...h264, ...aac, '-movflags', '+faststart', path.join(dir, 'portrait-video.mp4'));
  run('-f', 'lavfi', '-i', 'testsrc=size=320x240', '-frames:v', '1', path.join(dir, 'still.png'));
  run('-f', 'lavfi', '-i', 'testsrc=size=320x240', '-frames:v', '1', ...h264, path.join(dir, 'single-frame.mp4'));
  run(
    ...['-f', 'lavfi', '-i', 'sine=duration=1', '-i', path.join(dir, 'still.png')],
    ...['-map', '0:a', '-map', '1:v', '-c:a', 'libmp3lame', '-c:v', 'mjpeg'],
    ...['-disposition:v', 'attached_pic', '-id3v2_version', '3', path.join(dir, 'audio-with-cover.mp3')],
  );
  for (const [size, name] of [
    ['1280x720', 'big-video.mp4'],
    ['720x1280', 'big-portrait-video.mp4'],
  ]) {
    run(
      ...['-f', 'lavfi', '-i', `testsrc2=duration=6:size=${size}:rate=30`],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=6'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '64k', '-shortest', '-movflags', '+faststart', path.join(dir, name!)],
    );
  }
  fs.writeFileSync(path.join(dir, 'text-as.mp4'), 'This is a plain text file, not a video.\n'.repeat(20));
}

function fixturesIn(dir: string): MediaFixtures {
  return {
    dir,
    video: path.join(dir, 'video.mp4'),
    videoIndexAtEnd: path.join(dir, 'video-index-at-end.mp4'),
    videoMov: path.join(dir, 'video.mov'),
    still: path.join(dir, 'still.png'),
    textAsMp4: path.join(dir, 'text-as.mp4'),
    audioWithCover: path.join(dir, 'audio-with-cover.mp3'),
    singleFrameMp4: path.join(dir, 'single-frame.mp4'),
    bigVideo: path.join(dir, 'big-video.mp4'),
    portraitVideo: path.join(dir, 'portrait-video.mp4'),
    bigPortraitVideo: path.join(dir, 'big-portrait-video.mp4'),
  };
}

let cached: MediaFixtures | undefined;

/**
 * Makes the fixtures once and shares them between test files and processes: each set is built in a
 * private directory and renamed into place, so a reader only ever sees a complete set.
 */
export function mediaFixtures(): MediaFixtures {
  if (cached) return cached;
  const finalDir = path.join(os.tmpdir(), `fanout-media-fixtures-${RECIPE_VERSION}`);
  if (!fs.existsSync(finalDir)) {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-media-fixtures-build-'));
    try {
      recipes(resolveBinaries({}).ffmpeg, work);
      fs.renameSync(work, finalDir);
    } catch (err) {
      fs.rmSync(work, { recursive: true, force: true });
      // Another worker won the race: its complete set is there now.
      if (!fs.existsSync(finalDir)) throw err;
    }
  }
  cached = fixturesIn(finalDir);
  return cached;
}

/** A file as the browser would send it in a form. */
export function fileBlob(file: string, type: string): Blob {
  return new Blob([fs.readFileSync(file)], { type });
}

export interface UploadOptions {
  file: string;
  /** the type the browser claims; the server never trusts it */
  type?: string;
  /** the name the browser sends; defaults to the fixture's own */
  name?: string;
  projectId?: number | string;
  title?: string;
  /** send the fields after the file part instead of before */
  fieldsLast?: boolean;
  /**
   * The `allow_duplicate` field: tests upload one fixture many times, so by default every copy is kept
   * (`'true'`); `false` leaves the field out, to meet the duplicate check.
   */
  allowDuplicate?: boolean;
}

/** POST /api/upload as the web app sends it: multipart with the `video` file part. */
export async function uploadVideo(server: { url: string }, token: string | undefined, opts: UploadOptions) {
  const form = new FormData();
  const fields = () => {
    if (opts.projectId !== undefined) form.append('project_id', String(opts.projectId));
    if (opts.title !== undefined) form.append('title', opts.title);
    if (opts.allowDuplicate ?? true) form.append('allow_duplicate', 'true');
  };
  if (!opts.fieldsLast) fields();
  form.append('video', fileBlob(opts.file, opts.type ?? 'video/mp4'), opts.name ?? path.basename(opts.file));
  if (opts.fieldsLast) fields();
  const res = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const body: any = (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
  return { status: res.status, body, headers: res.headers };
}

/** Every file under the server's media and temp dirs: what an upload left behind. */
export function storedFiles(server: { ctx: { config: { mediaDir: string; tmpDir: string } } }): string[] {
  const { mediaDir, tmpDir } = server.ctx.config;
  // Files only: the resumable uploads' own directory (tmp/tus) is there whenever the server runs.
  return [mediaDir, tmpDir].flatMap((dir) =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(path.basename(dir), entry.name))
      : [],
  );
}
