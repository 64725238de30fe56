import type { PostStatus } from '@fanout/contracts';
import { createProject, insertVideoRow, registerUser } from './factories';
import type { TestServer } from './test-server';
import type { PostRow } from '../src/db/posts.schema';

/** A person with a project and one video called `title`, made through the API (the video row directly). */
export async function personWithVideo(server: TestServer, title = 'Harbour at dawn') {
  const registered = await registerUser(server);
  const project = await createProject(server, registered.token);
  const filename = await insertVideoRow(server, { userId: registered.user.id, projectId: project.id });
  const video = await server.ctx.db
    .updateTable('videos')
    .set({ title })
    .where('filename', '=', filename)
    .returning(['id'])
    .executeTakeFirstOrThrow();
  return { ...registered, project, videoId: video.id };
}

/** A post of that video, as the scheduler would have stored it. */
export async function insertPost(
  server: TestServer,
  owner: { user: { id: number }; project: { id: number }; videoId: number },
  values: { platform?: string; status?: PostStatus; error?: PostRow['error'] } = {},
): Promise<PostRow> {
  return server.ctx.db
    .insertInto('posts')
    .values({
      user_id: owner.user.id,
      project_id: owner.project.id,
      video_id: owner.videoId,
      connection_id: null,
      platform: values.platform ?? 'tiktok',
      account_name: 'harbour.films',
      options: '{}',
      status: values.status ?? 'scheduled',
      scheduled_at: new Date(),
      error: values.error ? JSON.stringify(values.error) : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A step of the post's publishing, as the runner commits it. */
export async function updatePost(
  server: TestServer,
  postId: number,
  values: { status: PostStatus; bytesSent: number; bytesTotal: number },
): Promise<void> {
  await server.ctx.db
    .updateTable('posts')
    .set({
      status: values.status,
      progress: JSON.stringify({ step: 'upload', bytesSent: values.bytesSent, bytesTotal: values.bytesTotal }),
      updated_at: new Date(),
    })
    .where('id', '=', postId)
    .execute();
}
