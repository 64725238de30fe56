import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { adapterHarness } from '../../../test/adapter-conformance';
import { control, fileSource } from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { connectAccount, publishRequest, runPublishLoop } from '../../../test/publish-loop';
import { makeTempDir } from '../../../test/temp-dir';
import { resolveBinaries } from '../../media/binaries';
import type { ConnectedAccount, PublishCover } from '../platform-adapter';
import { RedditAdapter } from './reddit.adapter';

const h = adapterHarness((options) => new RedditAdapter(options));
let account: ConnectedAccount;
let coverJpeg: string;
const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

beforeAll(async () => {
  ({ account } = await connectAccount(h.adapter));
  coverJpeg = path.join(makeTempDir(), 'cover.jpg');
  execFileSync(resolveBinaries({}).ffmpeg, [
    '-v',
    'error',
    '-y',
    '-i',
    mediaFixtures().still,
    '-s',
    '640x360',
    coverJpeg,
  ]);
});

/** Publishes the small clip (its preview: the fixture PNG) with this cover; the poster Reddit received. */
async function posterOf(cover: PublishCover | null) {
  const thumbnail = fileSource(mediaFixtures().still, { mimeType: 'image/png' });
  const request = {
    ...publishRequest(account, fileSource(mediaFixtures().video), { caption: `Poster ${Date.now()}` }, thumbnail),
    cover,
  };
  const result = await runPublishLoop(h.make(), request);
  if (result.stopped) throw new Error('stopped');
  const items = (await control.published(h.emu)).items;
  return items.find((i) => i.platform === 'reddit' && i.id === result.post.platformPostId)!.cover;
}

describe('Reddit poster', () => {
  it("uses the video's image cover as the poster", async () => {
    const image = fileSource(coverJpeg, { mimeType: 'image/jpeg' });
    expect(await posterOf({ kind: 'image', image, width: 640, height: 360, publicUrl: null })).toEqual({
      imageBytes: fs.statSync(coverJpeg).size,
      imageSha256: sha256(coverJpeg),
    });
  });

  it('keeps the generated preview as the poster for a frame cover or none', async () => {
    const preview = { imageBytes: fs.statSync(mediaFixtures().still).size, imageSha256: sha256(mediaFixtures().still) };
    expect(await posterOf({ kind: 'frame', frameMs: 500 })).toEqual(preview);
    expect(await posterOf(null)).toEqual(preview);
  });
});
