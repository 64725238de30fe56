import type { Connection, Post } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount, sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { waitUntil } from '../../../test/jobs';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import {
  getPost,
  postTo,
  publishedWith,
  publisher,
  settled,
  uniqueCaption,
  uploadedVideo,
} from './publishing-test-support';

describe('a permission the grant lacks', () => {
  let server: TestServer;
  let emulator: { url: string };
  beforeAll(async () => {
    server = await startTestServer({ PUBLISH_RETRY_BASE_MS: '100' });
    emulator = sandboxEmulator(server);
  });
  afterAll(() => stopTestServer(server));

  /** The person removes a permission from the app on Facebook: the API call takes their user token. */
  async function removeOnFacebook(permission: string) {
    const { items } = await control.tokens(emulator);
    const statuses: number[] = [];
    for (const t of items.filter((i) => i.platform === 'facebook')) {
      const res = await fetch(`${emulator.url}/graph.facebook.com/v23.0/me/permissions/${permission}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${t.accessToken}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toContain(200);
  }

  it('Facebook without publish_video: the account needs reconnecting naming it, and the reconnect asks for it', async () => {
    const who = await publisher(server, 'facebook');
    await removeOnFacebook('publish_video');
    const caption = uniqueCaption('Page video');
    const { id } = await postTo(who, 'facebook', await uploadedVideo(server, who), caption);

    let post: Post | undefined;
    await waitUntil(
      async () =>
        (post = await getPost(who, id)).error?.code === 'needs_reconnect' ||
        ['published', 'failed', 'unconfirmed'].includes(post.status),
      'the post to wait for a reconnect',
    );
    expect(post).toMatchObject({ status: 'scheduled', error: { code: 'needs_reconnect' } });
    const connection = (await who.as.get(`/api/connections?project_id=${who.projectId}`)).body
      .connections[0] as Connection;
    expect(connection).toMatchObject({
      status: 'needs_reconnect',
      statusReason: 'Facebook needs the publish_video permission, which this connection lacks: reconnect and allow it.',
    });

    // The reconnect asks for the permission again (a declined one only comes back with auth_type=rerequest).
    let asked = '';
    await connectAccount(server, who.token, 'facebook', who.projectId, 'approve', (url) => {
      asked = `${url.searchParams.get('scope')} ${url.searchParams.get('auth_type')}`;
    });
    expect(asked).toMatch(/publish_video.* rerequest$/);
    expect(await settled(who, id)).toMatchObject({ status: 'published', error: null });
    expect(await publishedWith(server, caption)).toHaveLength(1);
  });
});
