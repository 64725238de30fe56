import type { Notification } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { postTo, publisher, settled, uniqueCaption, uploadedVideo } from './publishing-test-support';

// YouTube locks the uploads of an unverified API project private (videos.insert documentation); the emulator
// models the stage per app. Fanout reads `status.privacyStatus` back and says so on the post.
describe('a YouTube video made private by an unverified API project', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('is published, and the post says it is private, why, and what the operator must do', async () => {
    const emulator = sandboxEmulator(server);
    const who = await publisher(server, 'youtube');
    const videoId = await uploadedVideo(server, who, 'Locked upload');
    await control.appStage(emulator, { platform: 'youtube', verified: false });
    try {
      const post = await postTo(who, 'youtube', videoId, uniqueCaption('locked'), undefined, { privacy: 'public' });
      const done = await settled(who, post.id);
      expect(done.status).toBe('published');
      expect(done.appliedPrivacy).toEqual({
        privacy: 'private',
        label: 'private',
        requested: 'public',
        reason: 'YouTube restricts uploads from unverified API projects',
        operatorAction: expect.stringContaining('set it verified'),
      });
      const bell = (await who.as.get('/api/notifications')).body.notifications as Notification[];
      expect(bell.find((n) => n.postId === post.id)?.message).toBe(
        '“Locked upload” was published on YouTube as private: YouTube restricts uploads from unverified API projects.',
      );
    } finally {
      await control.appStage(emulator, { platform: 'youtube', verified: true });
    }
  });

  it('says nothing more on a post YouTube published as chosen', async () => {
    const who = await publisher(server, 'youtube');
    const videoId = await uploadedVideo(server, who);
    const post = await postTo(who, 'youtube', videoId, uniqueCaption('as chosen'), undefined, { privacy: 'unlisted' });
    const done = await settled(who, post.id);
    expect(done.status).toBe('published');
    expect(done.appliedPrivacy).toBeNull();
  });
});
