import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fileSource,
  sandboxAdapterOptions,
  startTestEmulator,
  control,
  type TestEmulator,
} from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { runPublishLoop } from '../../../test/publish-loop';
import { connectThrough, publishRequest } from '../meta/meta.test-support';
import type { ConnectedAccount, PublishCover } from '../platform-adapter';
import { FacebookAdapter } from './facebook.adapter';

let emu: TestEmulator;
let account: ConnectedAccount;
const facebook = () => new FacebookAdapter(sandboxAdapterOptions(emu, {}, 'facebook'));
beforeAll(async () => {
  emu = await startTestEmulator();
  ({ account } = await connectThrough(facebook()));
});
afterAll(() => emu.stop());

const png = () => mediaFixtures().still;
const imageCover = (): PublishCover => ({
  kind: 'image',
  image: fileSource(png(), { mimeType: 'image/png' }),
  width: 320,
  height: 240,
  publicUrl: null,
});

async function publishWith(kind: 'video' | 'reel', cover: PublishCover | null, who = account) {
  const request = {
    // A Reel is 9:16 (the emulator refuses another shape), a Page video any shape.
    ...publishRequest(who, kind === 'reel' ? mediaFixtures().portraitVideo : mediaFixtures().video, {
      caption: `Cover ${randomUUID()}`,
      options: { kind },
    }),
    cover,
  };
  const result = await runPublishLoop(facebook(), request);
  if (result.stopped) throw new Error('stopped');
  const item = (await control.published(emu)).items.find(
    (i) => i.platform === 'facebook' && i.id === result.post.platformPostId,
  );
  return { result, item };
}

describe('a video’s cover on Facebook', () => {
  it('makes the image the Page video’s preferred thumbnail, in a step after the video exists', async () => {
    const { result, item } = await publishWith('video', imageCover());
    const bytes = fs.readFileSync(png());
    expect(item?.cover).toEqual({
      imageBytes: bytes.length,
      imageSha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(result.post.coverError).toBeUndefined();
    const steps = result.steps.map((s) => s.journal.step);
    expect(steps.indexOf('cover')).toBeGreaterThan(steps.indexOf('create'));
  });

  it('leaves a Reel and a frame cover to Facebook’s own thumbnail', async () => {
    expect((await publishWith('reel', imageCover())).item?.cover).toBeUndefined();
    expect((await publishWith('video', { kind: 'frame', frameMs: 1000 })).item?.cover).toBeUndefined();
  });

  it('keeps the video published with Facebook’s words when the thumbnail is refused', async () => {
    const { account: own } = await connectThrough(facebook());
    // The person takes back the permission thumbnails need (Settings → Business integrations), as the API does it.
    const graph = `${emu.url}/graph.facebook.com/v23.0/me/permissions/pages_read_user_content`;
    const removed = await fetch(graph, { method: 'DELETE', headers: { authorization: `Bearer ${own.refreshToken}` } });
    expect(removed.status).toBe(200);
    const { result, item } = await publishWith('video', imageCover(), own);
    expect(item).toBeDefined();
    expect(item?.cover).toBeUndefined();
    expect(result.post.coverError).toMatch(/pages_read_user_content/);
  });
});
