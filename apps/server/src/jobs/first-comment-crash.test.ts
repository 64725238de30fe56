import type { Post } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectPlatforms,
  portraitVideo,
  POST_OPTIONS,
  startKillableServer,
  type KillableServer,
} from '../../test/crash-harness';
import { control } from '../../test/emulator';
import { api, createProject, registerUser, type ApiClient } from '../../test/factories';
import { uploadVideo } from '../../test/fixtures';
import { waitUntil } from '../../test/jobs';

/**
 * The first comment under the worst crash: the process is SIGKILLed after the comment's request took effect on the
 * platform and before its answer was recorded (`hang_after` on Reddit's /api/comment). Started again, the comment
 * is looked up on Reddit and found: it shows posted with its address, never sent a second time, and the post stays
 * published once.
 */
describe('a first comment whose process died between its request and its record', () => {
  let server: KillableServer;
  let as: ApiClient;
  let token: string;
  beforeAll(async () => {
    server = await startKillableServer({ PUBLISH_LEASE_SECONDS: '3', PUBLISH_RETRY_BASE_MS: '500' });
    ({ token } = await registerUser(server));
    as = api(server, token);
  }, 60_000);
  afterAll(() => server?.close());

  it('is found on the platform and shown posted, never posted twice', async () => {
    const project = await createProject(server, token, { name: 'Comment crash' });
    await connectPlatforms(server, token, project.id, ['reddit']);
    const uploaded = await uploadVideo(server, token, { file: portraitVideo(), projectId: project.id, title: 'Crash' });
    expect(uploaded.status).toBe(201);
    await control.fault(server.emulator, { platform: 'reddit', kind: 'hang_after', step: 'comment' });
    const created = await as.post<{ posts: Post[] }>(`/api/videos/${uploaded.body.video.id}/posts`, {
      targets: [
        { platform: 'reddit', caption: 'Comment crash test', options: POST_OPTIONS.reddit, firstComment: 'Once' },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.posts[0]!.id;
    const comments = async () => (await control.comments(server.emulator)).items.filter((c) => c.text === 'Once');
    // The comment is on the platform and its answer is held: the process dies now.
    await waitUntil(async () => (await comments()).length === 1, 'the comment to reach Reddit', 60_000);
    await server.kill();
    await server.restart();

    let post: Post | undefined;
    const settledStatuses = ['posted', 'failed'];
    await waitUntil(
      async () =>
        settledStatuses.includes(
          (post = (await as.get(`/api/posts/${id}`)).body.post as Post).firstComment?.status ?? '',
        ),
      'the interrupted comment to be settled',
      90_000,
    );
    const [onReddit] = await comments();
    expect(post).toMatchObject({
      status: 'published',
      firstComment: {
        status: 'posted',
        error: null,
        url: expect.stringContaining(`/comments/${post!.platformPostId}/`),
      },
    });
    expect(post!.firstComment!.url).toContain(`/${onReddit!.id}/`);
    expect(await comments()).toHaveLength(1);
  }, 180_000);
});
