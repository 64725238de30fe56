import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Fixtures {
  dir: string;
  /**
   * A real 2-second H.264 MP4 (testsrc pattern, 128×72 at 10 fps, a few KB) named `<name>.mp4`. Each name is a
   * file of its own (its bytes differ, as two real videos' do), so the upload dialog does not take one for a copy
   * of another. It is under TikTok's, Instagram's and a Reel's documented minima (3 s, 23–24 fps, 360 px): for
   * the library's own tests; a video to publish is `portraitMp4`.
   */
  mp4(name: string): string;
  /**
   * A video every platform takes as it is, named `<name>.mp4`: 4 s, 540×960 (9:16, a Reel's minimum), 30 fps,
   * H.264 and AAC, some tens of KB. Made on first use.
   */
  portraitMp4(name: string): string;
  /** The same bytes as `file` under another name: the same video chosen again. */
  copy(file: string, name: string): string;
  /**
   * A real H.264/AAC MP4 of the given size and length, named `<name>.mp4`, as a phone or a camera makes them
   * (1920×1080, 1080×1920); made on each call, a few hundred KB.
   */
  sizedMp4(name: string, size: { width: number; height: number; seconds: number }): string;
  /** A plain-text file with the given name (e.g. `fake.mp4` or `notes.txt`). */
  text(name: string): string;
  remove(): void;
}

function ffmpeg(args: string[]) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

/** `master`'s bytes with a box no player reads ('free') carrying `name` after them: a file of its own. */
function ownCopy(master: string, file: string, name: string) {
  const payload = Buffer.from(name, 'utf8');
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write('free', 4, 'latin1');
  fs.copyFileSync(master, file);
  fs.appendFileSync(file, Buffer.concat([header, payload]));
}

/** Media made with ffmpeg at test time: nothing binary is checked in. */
export function makeFixtures(): Fixtures {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-e2e-media-'));
  const master = path.join(dir, 'master.mp4');
  execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=2:size=128x72:rate=10',
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '35',
      '-movflags',
      '+faststart',
      master,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );

  const portrait = path.join(dir, 'portrait-master.mp4');

  return {
    dir,
    mp4(name) {
      const file = path.join(dir, `${name}.mp4`);
      ownCopy(master, file, name);
      return file;
    },
    portraitMp4(name) {
      if (!fs.existsSync(portrait)) {
        ffmpeg([
          ...['-f', 'lavfi', '-i', 'testsrc=duration=4:size=540x960:rate=30'],
          ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4'],
          ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '40', '-pix_fmt', 'yuv420p'],
          ...['-c:a', 'aac', '-b:a', '32k', '-shortest', '-movflags', '+faststart', portrait],
        ]);
      }
      const file = path.join(dir, `${name}.mp4`);
      ownCopy(portrait, file, name);
      return file;
    },
    copy(file, name) {
      const target = path.join(dir, `${name}${path.extname(file)}`);
      fs.copyFileSync(file, target);
      return target;
    },
    sizedMp4(name, { width, height, seconds }) {
      const file = path.join(dir, `${name}.mp4`);
      ffmpeg([
        ...['-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=${width}x${height}:rate=30`],
        ...['-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '40', '-pix_fmt', 'yuv420p'],
        ...['-c:a', 'aac', '-b:a', '32k', '-shortest', '-movflags', '+faststart', file],
      ]);
      return file;
    },
    text(name) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, 'This is plain text, not a video.\n');
      return file;
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
