import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAdapterOptions, startTestEmulator, control, type TestEmulator } from '../../../test/emulator';
import { mediaFixtures } from '../../../test/fixtures';
import { runPublishLoop } from '../../../test/publish-loop';
import { connectThrough, publishRequest } from '../meta/meta.test-support';
import type { ConnectedAccount, PublishCaption } from '../platform-adapter';
import { FacebookAdapter } from './facebook.adapter';

let emu: TestEmulator;
let account: ConnectedAccount;
const facebook = () => new FacebookAdapter(sandboxAdapterOptions(emu, {}, 'facebook'));
beforeAll(async () => {
  emu = await startTestEmulator();
  ({ account } = await connectThrough(facebook()));
});
afterEach(() => control.clearFaults(emu));
afterAll(() => emu.stop());

const srt: PublishCaption = {
  language: 'en',
  label: 'English',
  format: 'srt',
  text: '1\n00:00:00,000 --> 00:00:01,000\nHello\n\n2\n00:00:01,000 --> 00:00:02,000\nWorld\n',
};
const vtt: PublishCaption = {
  language: 'fr-CA',
  label: null,
  format: 'vtt',
  text: 'WEBVTT\n\n00:00.000 --> 00:01.000\n<v Ann>Bonjour\n\n00:01.000 --> 00:02.000\nle\n\n00:02.000 --> 00:03.000\nmonde\n',
};

async function publishWith(kind: 'video' | 'reel', tracks: PublishCaption[]) {
  const request = {
    // A Reel is 9:16 (the emulator refuses another shape), a Page video any shape.
    ...publishRequest(account, kind === 'reel' ? mediaFixtures().portraitVideo : mediaFixtures().video, {
      caption: `Captions ${randomUUID()}`,
      options: { kind },
    }),
    captions: async () => tracks,
  };
  const result = await runPublishLoop(facebook(), request);
  if (result.stopped) throw new Error('stopped');
  const item = (await control.published(emu)).items.find(
    (i) => i.platform === 'facebook' && i.id === result.post.platformPostId,
  );
  return { result, item };
}

describe('a video’s captions on Facebook', () => {
  it('sends each track to the Page video as SRT with its locale, in steps after the video exists', async () => {
    const { result, item } = await publishWith('video', [srt, vtt]);
    expect(item?.captions).toEqual([
      { language: 'en_US', format: 'srt', cueCount: 2 },
      { language: 'fr_CA', format: 'srt', cueCount: 3 },
    ]);
    expect(result.post.captionsError).toBeUndefined();
    const steps = result.steps.map((s) => s.journal.step);
    expect(steps.filter((s) => s === 'captions')).toHaveLength(2);
    expect(steps.indexOf('captions')).toBeGreaterThan(steps.indexOf('create'));
  });

  it('keeps the video published with Facebook’s words when it refuses a track', async () => {
    const message = 'Caption file could not be read';
    await control.fault(emu, { platform: 'facebook', kind: 'reject', step: 'captions', message, times: 1 });
    const { result, item } = await publishWith('video', [srt, vtt]);
    expect(item).toBeDefined();
    expect(item?.captions).toEqual([{ language: 'fr_CA', format: 'srt', cueCount: 3 }]);
    expect(result.post.captionsError).toBe(`en: ${message}`);
  });

  it('leaves a Reel without captions: video_reels takes none', async () => {
    const { result, item } = await publishWith('reel', [srt]);
    expect(item).toBeDefined();
    expect(item?.captions).toBeUndefined();
    expect(result.steps.map((s) => s.journal.step)).not.toContain('captions');
  });
});
