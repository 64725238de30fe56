import type { PostsTable } from '../src/db/posts.schema';
import type { TestServer } from './test-server';

/** The post's row as the runner sees it (undefined once it is gone with its video). */
export async function findPostRow(server: TestServer, postId: number) {
  return server.ctx.db.selectFrom('posts').selectAll().where('id', '=', postId).executeTakeFirst();
}

/** Puts a post where the publish runner would have left it (failed, unconfirmed, a dead run's hold …). */
export async function setPostRow(
  server: TestServer,
  postId: number,
  changes: Partial<Record<keyof PostsTable, unknown>>,
): Promise<void> {
  const values = Object.fromEntries(
    Object.entries(changes).map(([k, v]) => [
      k,
      v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v,
    ]),
  );
  await server.ctx.db.updateTable('posts').set(values).where('id', '=', postId).execute();
}
