import { PLATFORM_KEYS, type PostStatus } from '@fanout/contracts';
import type { DB } from '../src/db/database';

export interface SeedPostsOptions {
  userId: number;
  projectId: number;
  videoIds: readonly number[];
  count: number;
  /** The i-th post's time (0-based). */
  scheduledAt: (i: number) => Date;
  /** Default: published, failed and cancelled in turn (finished posts: nothing is ever due to run). */
  status?: (i: number) => PostStatus;
}

const FINISHED: readonly PostStatus[] = ['published', 'failed', 'cancelled'];

/**
 * `count` post rows, platforms and videos in turn, inserted in batches of 1,000. Rows only, without a
 * connection: for lists and the calendar at scale, never for publishing.
 */
export async function seedPosts(db: DB, opts: SeedPostsOptions): Promise<void> {
  const rows = Array.from({ length: opts.count }, (_, i) => {
    const status = opts.status ? opts.status(i) : FINISHED[i % FINISHED.length]!;
    const at = opts.scheduledAt(i);
    return {
      user_id: opts.userId,
      project_id: opts.projectId,
      video_id: opts.videoIds[i % opts.videoIds.length]!,
      connection_id: null,
      platform: PLATFORM_KEYS[i % PLATFORM_KEYS.length]!,
      account_name: 'Seeded account',
      caption: null,
      options: '{}',
      status,
      scheduled_at: at,
      due_at: null,
      published_at: status === 'published' ? at : null,
      progress: JSON.stringify({ step: null, bytesSent: 0, bytesTotal: 0 }),
      created_at: at,
      updated_at: at,
    };
  });
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('posts')
      .values(rows.slice(i, i + 1000))
      .execute();
  }
}
