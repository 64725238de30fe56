import type { Connection } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmChoosing, deliverCallback, pendingIdOf, startConnect } from '../../../test/connections';
import { decideOnAuthorizePage } from '../../../test/emulator';
import { api, createProject, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import {
  publishedWith,
  settled,
  uniqueCaption,
  uploadedVideo,
  type Publisher,
} from '../../services/publishing/publishing-test-support';

describe('a Facebook grant of two Pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('connects both Pages chosen, each its own connection, and publishes to the second with its own Page token', async () => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    const back = await decideOnAuthorizePage(await startConnect(server, token, 'facebook', project.id), 'approve');
    const id = pendingIdOf(await deliverCallback(server, back))!;
    const as = api(server, token);
    const choices = await as.get(`/api/connections/pending/${id}`);
    expect(choices.body.accounts.map((a: { accountName: string }) => a.accountName)).toEqual([
      'Fanout Sandbox Page',
      'Fanout Sandbox Studio',
    ]);

    const confirmed = await confirmChoosing(server, token, id, (ids) => ids);
    expect(confirmed.status).toBe(200);
    const [first, second] = confirmed.body.connections as Connection[];
    expect([first!.accountName, second!.accountName]).toEqual(['Fanout Sandbox Page', 'Fanout Sandbox Studio']);
    expect(first!.accountId).not.toBe(second!.accountId);
    expect(first!.avatarUrl).not.toBe(second!.avatarUrl);
    const listed = (await as.get(`/api/connections?project_id=${project.id}`)).body.connections as Connection[];
    expect(listed.map((c) => c.id).sort()).toEqual([first!.id, second!.id].sort());

    const who: Publisher = { token, projectId: project.id, connectionId: second!.id, as };
    const video = await uploadedVideo(server, who);
    // A Page video (the test file is too small for a Reel; the emulator's tests cover Reels per Page).
    const caption = uniqueCaption('Studio video');
    const made = await as.post(`/api/videos/${video}/posts`, {
      targets: [{ platform: 'facebook', connectionId: second!.id, caption, options: { kind: 'video' } }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const post = await settled(who, made.body.posts[0].id);
    expect(post.status, JSON.stringify(post)).toBe('published');
    expect(post.url).toContain(`/${second!.accountId}/videos/`);
    const [item] = await publishedWith(server, caption);
    expect(item).toMatchObject({ platform: 'facebook', accountId: second!.accountId, url: post.url });
  });
});
