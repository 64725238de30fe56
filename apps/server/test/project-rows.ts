import { sql } from 'kysely';
import type { DB } from '../src/db/database';

/**
 * One row in every table that carries a project's owner id (a video of `sizeBytes`, a post, an account, a copy,
 * a caption file, a collection, a rule, an idea, an activity entry, an unfinished upload, a note, a preview
 * link): rows only, no files.
 */
export async function seedOneOfEach(
  db: DB,
  owner: { userId: number; projectId: number },
  sizeBytes = 1024,
): Promise<void> {
  const u = owner.userId;
  const p = owner.projectId;
  const stamp = `${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const video = await db
    .insertInto('videos')
    .values({
      user_id: u,
      project_id: p,
      title: 'V',
      status: 'ready',
      size_bytes: sizeBytes,
      filename: `${stamp}.mp4`,
      mime_type: 'video/mp4',
      original_name: 'v.mp4',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const connection = await db
    .insertInto('platform_connections')
    .values({
      user_id: u,
      project_id: p,
      platform: 'facebook',
      account_id: stamp,
      account_name: 'A',
      sandbox: true,
      access_token_enc: 'x',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('posts')
    .values({
      user_id: u,
      project_id: p,
      video_id: video.id,
      connection_id: connection.id,
      platform: 'facebook',
      account_name: 'A',
      options: '{}',
      status: 'published',
      scheduled_at: new Date(),
      published_at: new Date(),
      progress: JSON.stringify({ step: null, bytesSent: 0, bytesTotal: 0 }),
    } as never)
    .execute();
  await db
    .insertInto('renditions')
    .values({
      video_id: video.id,
      user_id: u,
      project_id: p,
      platform: 'facebook',
      connection_id: connection.id,
      key: stamp,
      request: '{}',
      steps: '[]',
      estimated_bytes: 10,
    } as never)
    .execute();
  await db
    .insertInto('video_captions')
    .values({
      video_id: video.id,
      user_id: u,
      language: 'en',
      label: 'English',
      format: 'vtt',
      cue_count: 1,
      filename: `${stamp}.vtt`,
      bytes: 10,
    } as never)
    .execute();
  await db.insertInto('collections').values({ user_id: u, project_id: p, name: stamp }).execute();
  await db
    .insertInto('automation_rules')
    .values({
      user_id: u,
      project_id: p,
      name: 'R',
      enabled: false,
      trigger: 'video.uploaded',
      conditions: '[]',
      actions: '[]',
    } as never)
    .execute();
  await db
    .insertInto('ideas')
    .values({ user_id: u, project_id: p, title: 'I', board_column: 'idea', position: 0 } as never)
    .execute();
  await db
    .insertInto('activity_events')
    .values({
      user_id: u,
      project_id: p,
      type: 'video.uploaded',
      actor: 'you',
      subject_kind: 'video',
      subject_id: String(video.id),
      subject_title: 'V',
      message: 'Uploaded',
      link: `/video/${video.id}`,
    } as never)
    .execute();
  await db
    .insertInto('tus_uploads')
    .values({
      id: stamp.replace(/[^a-z0-9]/g, '').padEnd(32, '0'),
      user_id: u,
      project_id: p,
      size_bytes: 5,
      filename: 'x.mp4',
    })
    .execute();
  await db
    .insertInto('notes')
    .values({ user_id: u, project_id: p, video_id: video.id, author_id: u, author_name: 'O', text: 'N' } as never)
    .execute();
  await db
    .insertInto('preview_links')
    .values({
      user_id: u,
      project_id: p,
      created_by: u,
      token_hash: stamp,
      post_ids: '[]',
      expires_at: new Date(Date.now() + 86_400_000),
    } as never)
    .execute();
}

/**
 * Rows of `projectId` still carrying `userId`, per table: every table with a `user_id` and either a `project_id`
 * or a `video_id` (of a video of the project), found in the database's own catalogue so a table added later is
 * counted too. `skip`: tables whose user_id names a person rather than the owner.
 */
export async function rowsCarrying(
  db: DB,
  projectId: number,
  userId: number,
  skip: readonly string[],
): Promise<Record<string, number>> {
  const { rows } = await sql<{ table_name: string; has_project: boolean }>`
    select table_name, bool_or(column_name = 'project_id') as has_project
    from information_schema.columns
    where table_schema = current_schema()
    group by table_name
    having bool_or(column_name = 'user_id') and bool_or(column_name in ('project_id', 'video_id'))`.execute(db);
  const counts: Record<string, number> = {};
  for (const { table_name, has_project } of rows) {
    if (skip.includes(table_name)) continue;
    const where = has_project
      ? sql`project_id = ${projectId}`
      : sql`video_id in (select id from videos where project_id = ${projectId})`;
    const { rows: n } = await sql<{ n: string }>`
      select count(*) as n from ${sql.table(table_name)} where user_id = ${userId} and ${where}`.execute(db);
    counts[table_name] = Number(n[0]!.n);
  }
  return counts;
}
