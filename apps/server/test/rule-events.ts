import { recordActivity } from '../src/services/activity/record-activity';
import { insertVideoRow } from './factories';
import type { TestServer } from './test-server';

/**
 * A video titled `title` and its `video.uploaded` event, written as an upload writes them, without the upload:
 * what a rule meets. The event's commit wakes the worker's rule dispatcher like a real upload's.
 */
export async function recordUpload(
  server: Pick<TestServer, 'ctx'>,
  owner: { userId: number; projectId: number },
  title: string,
) {
  const filename = await insertVideoRow(server, owner);
  const video = await server.ctx.db
    .updateTable('videos')
    .set({ title, duration_seconds: 30 })
    .where('filename', '=', filename)
    .returningAll()
    .executeTakeFirstOrThrow();
  const event = await recordActivity(server.ctx.db, {
    userId: owner.userId,
    projectId: owner.projectId,
    type: 'video.uploaded',
    actor: { personId: owner.userId },
    subject: { kind: 'video', id: video.id, title },
    message: `Uploaded “${title}”`,
    link: `/video/${video.id}`,
  });
  return { video, event };
}
