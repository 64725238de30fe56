import type { Connection } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmChoosing, connectAccount, deliverCallback, pendingIdOf, startConnect } from '../../../test/connections';
import { decideOnAuthorizePage } from '../../../test/emulator';
import { api, createProject, registerUser } from '../../../test/factories';
import { mediaFixtures, uploadVideo } from '../../../test/fixtures';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import {
  publishedWith,
  settled,
  uniqueCaption,
  type Publisher,
} from '../../services/publishing/publishing-test-support';

/** The sandbox's second Instagram professional account, offered on the authorize page. */
const SECOND = '1784140087654321';

describe('the second Instagram sandbox account', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('connects beside the first when chosen on the authorize page, and a reel posted to it is published as it', async () => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    const first = (await connectAccount(server, token, 'instagram', project.id)).connection!;
    const url = await startConnect(server, token, 'instagram', project.id);
    const back = await decideOnAuthorizePage(url, 'approve', { account: SECOND });
    const confirmed = await confirmChoosing(server, token, pendingIdOf(await deliverCallback(server, back))!);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const second = confirmed.body.connection as Connection;
    expect(second).toMatchObject({ platform: 'instagram', accountId: SECOND, accountName: 'Fanout Studio' });
    expect(first.accountId).not.toBe(SECOND);
    const as = api(server, token);
    const listed = (await as.get(`/api/connections?project_id=${project.id}`)).body.connections as Connection[];
    expect(listed.map((c) => c.id).sort()).toEqual([first.id, second.id].sort());

    // 6 s: long enough for a Reel.
    const uploaded = await uploadVideo(server, token, { file: mediaFixtures().bigVideo, projectId: project.id });
    expect(uploaded.status).toBe(201);
    const caption = uniqueCaption('Studio reel');
    const made = await as.post(`/api/videos/${uploaded.body.video.id}/posts`, {
      targets: [{ platform: 'instagram', connectionId: second.id, caption }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const who: Publisher = { token, projectId: project.id, connectionId: second.id, as };
    const post = await settled(who, made.body.posts[0].id);
    expect(post.status, JSON.stringify(post)).toBe('published');
    const [item] = await publishedWith(server, caption);
    expect(item).toMatchObject({ platform: 'instagram', accountId: SECOND, url: post.url });
  });
});
