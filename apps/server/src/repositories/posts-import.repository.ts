import type { DB } from '../db/database';
import type { VideoRow } from '../db/schema';

/** Values per `in (…)` list: far below PostgreSQL's 65,535 parameters per statement. */
const CHUNK = 5000;

async function inChunks<T, R>(values: readonly T[], run: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(...(await run(values.slice(i, i + CHUNK))));
  return out;
}

/** The user's videos in the project among `ids`; others are simply absent. */
export function findProjectVideosByIds(
  db: DB,
  projectId: number,
  userId: number,
  ids: readonly number[],
): Promise<VideoRow[]> {
  return inChunks([...new Set(ids)], (chunk) =>
    db
      .selectFrom('videos')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('id', 'in', chunk)
      .execute(),
  );
}

/** The user's videos in the project whose title is one of `titles` (exactly, as stored); several may share one. */
export function findProjectVideosByTitles(
  db: DB,
  projectId: number,
  userId: number,
  titles: readonly string[],
): Promise<VideoRow[]> {
  return inChunks([...new Set(titles)], (chunk) =>
    db
      .selectFrom('videos')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('title', 'in', chunk)
      .execute(),
  );
}
