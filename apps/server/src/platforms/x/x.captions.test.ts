import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { control, startTestEmulator, type TestEmulator } from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { runPublishLoop } from '../../../test/publish-loop';
import type { ConnectedAccount, PublishCaption } from '../platform-adapter';
import { connectX, publishRequest, videoOf, xAdapter } from './x.test-support';

let emu: TestEmulator;
let account: ConnectedAccount;
beforeAll(async () => {
  emu = await startTestEmulator();
  ({ account } = await connectX(xAdapter(emu)));
});
afterAll(() => emu.stop());
afterEach(() => control.clearFaults(emu));

const en: PublishCaption = {
  language: 'en-US',
  label: 'English',
  format: 'srt',
  text: '1\n00:00:00,000 --> 00:00:01,000\nHello\n\n2\n00:00:01,000 --> 00:00:02,000\nWorld\n',
};
const fr: PublishCaption = {
  language: 'fr',
  label: null,
  format: 'vtt',
  text: 'WEBVTT\n\n00:00.000 --> 00:01.000\nBonjour\n\n00:01.000 --> 00:02.000\nle\n\n00:02.000 --> 00:03.000\nmonde\n',
};
const filipino: PublishCaption = { ...en, language: 'fil', label: 'Filipino' };

async function publishWith(tracks: PublishCaption[]) {
  const request = {
    ...publishRequest(account, videoOf(mediaFixtures().video), `Subtitles ${randomUUID()}`),
    captions: async () => tracks,
  };
  const result = await runPublishLoop(xAdapter(emu), request);
  if (result.stopped) throw new Error('stopped');
  const item = (await control.published(emu)).items.find(
    (i) => i.platform === 'x' && i.id === result.post.platformPostId,
  );
  return { result, item };
}

describe('a video’s captions on X (subtitles on the media before the post)', () => {
  it('associates each track with the video, by its two-letter code, before the post is created', async () => {
    const { result, item } = await publishWith([en, fr]);
    expect(item?.captions).toEqual([
      { language: 'EN', name: 'English', format: 'srt', cueCount: 2 },
      { language: 'FR', name: 'fr', format: 'srt', cueCount: 3 },
    ]);
    expect(result.post.captionsError).toBeUndefined();
    const steps = result.steps.map((s) => s.journal.step);
    expect(steps.filter((s) => s === 'captions')).toHaveLength(2);
    expect(steps.lastIndexOf('captions')).toBeLessThan(steps.indexOf('created'));
  });

  it('posts without a refused track, with X’s words, and says which tracks X cannot take', async () => {
    const message = 'The subtitles could not be associated';
    await control.fault(emu, { platform: 'x', kind: 'reject', step: 'subtitles', message, times: 1 });
    const { result, item } = await publishWith([en, filipino, fr]);
    expect(item).toBeDefined();
    expect(item?.captions).toEqual([{ language: 'FR', name: 'fr', format: 'srt', cueCount: 3 }]);
    expect(result.post.captionsError).toMatch(new RegExp(`^en-US: .*${message}`));
    expect(result.post.captionsError).toMatch(/\nfil: not sent: X takes languages with a two-letter code only$/);
  });
});
