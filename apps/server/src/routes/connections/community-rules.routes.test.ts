import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control } from '../../../test/emulator';
import { sandboxEmulator } from '../../../test/connections';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import {
  postTo,
  publisher,
  settled,
  uniqueCaption,
  uploadedVideo,
} from '../../services/publishing/publishing-test-support';

// The emulator's r/clips requires a flair and titles of 10 characters or more, as its post_requirements say.
describe('GET /api/connections/:id/communities/:name', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it("gives a community's requirements and flairs to choose, and refuses what is not a Reddit community", async () => {
    const who = await publisher(server, 'reddit');
    const res = await who.as.get(`/api/connections/${who.connectionId}/communities/clips`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      platform: 'reddit',
      rules: { community: 'clips', flairRequired: true, titleMinLength: 10, reconnectFor: null },
    });
    expect(res.body.rules.flairs.map((f: { text: string }) => f.text)).toEqual([
      'Tutorial',
      'Behind the scenes',
      'Showcase',
    ]);

    expect((await who.as.get(`/api/connections/${who.connectionId}/communities/r%2Fclips`)).body.code).toBe(
      'validation_failed',
    );
    expect(await who.as.get(`/api/connections/${who.connectionId}/communities/no_such_place`)).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    const x = await publisher(server, 'x');
    expect(await x.as.get(`/api/connections/${x.connectionId}/communities/clips`)).toMatchObject({
      status: 400,
      body: { code: 'no_communities' },
    });
    expect((await x.as.get(`/api/connections/${who.connectionId}/communities/clips`)).status).toBe(404);
  });

  it('fails a post the community would refuse before uploading it, in words that say what to change', async () => {
    const who = await publisher(server, 'reddit');
    const videoId = await uploadedVideo(server, who, 'Flairless clip');
    const assetsBefore = (await control.published(sandboxEmulator(server))).items.length;
    const post = await postTo(who, 'reddit', videoId, 'Too short', undefined, { subreddit: 'clips' });
    const failed = await settled(who, post.id);
    expect(failed.status).toBe('failed');
    expect(failed.error?.platformMessage).toBe(
      'Reddit’s r/clips needs titles of at least 10 characters; this one has 9. ' +
        'Reddit’s r/clips requires a flair on every post; choose one.',
    );
    expect((await control.published(sandboxEmulator(server))).items.length).toBe(assetsBefore);

    const rules = (await who.as.get(`/api/connections/${who.connectionId}/communities/clips`)).body.rules;
    const caption = uniqueCaption('A clip with its flair');
    const again = await postTo(who, 'reddit', videoId, caption, undefined, {
      subreddit: 'clips',
      flairId: rules.flairs[1].id,
    });
    expect((await settled(who, again.id)).status).toBe('published');
  });
});
