import { sealAccessToken } from '../services/connections/connection-tokens';
import type { ProjectScoped } from '../repositories/project-members.repository';
import { api, createProject, insertVideoRow, registerUser, type ApiClient } from '../../test/factories';
import type { TestServer } from '../../test/test-server';

export const PEOPLE = ['owner', 'editor', 'reviewer', 'client', 'stranger'] as const;
export type Person = (typeof PEOPLE)[number];

export interface MatrixFixtures {
  ownerId: number;
  projectId: number;
  /** One row of each kind of the project, by table. */
  rows: Record<ProjectScoped, number>;
  as: Record<Person, ApiClient>;
  tokens: Record<Person, string>;
}

/**
 * One project with a row of every kind a route can name, its owner, one member of each role and a stranger:
 * rows written straight to the database (what the matrix tests is who may reach them, not how they are made).
 */
export async function matrixFixtures(server: TestServer): Promise<MatrixFixtures> {
  const owner = await registerUser(server);
  const projectId = (await createProject(server, owner.token, { name: 'Matrix', initials: 'MX' })).id;
  const as = { owner: api(server, owner.token) } as Record<Person, ApiClient>;
  const tokens = { owner: owner.token } as Record<Person, string>;
  for (const person of PEOPLE.slice(1)) {
    const user = await registerUser(server);
    as[person] = api(server, user.token);
    tokens[person] = user.token;
    if (person === 'stranger') continue;
    const added = await as.owner.post(`/api/projects/${projectId}/members`, { email: user.user.email, role: person });
    if (added.status !== 201) throw new Error(`could not add the ${person}: ${JSON.stringify(added.body)}`);
  }
  return { ownerId: owner.user.id, projectId, rows: await insertRows(server, owner.user.id, projectId), as, tokens };
}

let accounts = 0;

/** A row of every kind in the project, fresh. */
export async function insertRows(server: TestServer, ownerId: number, projectId: number) {
  const db = server.ctx.db;
  const scope = { user_id: ownerId, project_id: projectId };
  await insertVideoRow(server, { userId: ownerId, projectId });
  const video = await db
    .selectFrom('videos')
    .select('id')
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  const accountId = `matrix-${++accounts}`;
  const owner = { projectId, platform: 'youtube', accountId };
  const connection = await db
    .insertInto('platform_connections')
    .values({
      ...scope,
      platform: 'youtube',
      account_id: accountId,
      account_name: 'Matrix account',
      avatar_url: null,
      sandbox: true,
      access_token_enc: sealAccessToken(server.ctx.secretBox, owner, 'matrix-token'),
      refresh_token_enc: null,
      expires_at: null,
      refresh_expires_at: null,
      status_reason: null,
      refresh_lease_id: null,
      refresh_lease_until: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const insertId = async <T extends ProjectScoped>(table: T, values: Record<string, unknown>) =>
    (
      await db
        .insertInto(table)
        .values({ ...scope, ...values } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number;
  const later = new Date(Date.now() + 7 * 24 * 3600_000);
  const rows: Record<ProjectScoped, number> = {
    videos: video.id,
    platform_connections: connection.id,
    posts: await insertId('posts', {
      video_id: video.id,
      connection_id: connection.id,
      platform: 'youtube',
      account_name: 'Matrix account',
      caption: 'A planned post',
      options: '{}',
      status: 'scheduled',
      scheduled_at: later,
      due_at: later,
      published_at: null,
      progress: JSON.stringify({ step: null, bytesSent: 0, bytesTotal: 0 }),
    }),
    renditions: await insertId('renditions', {
      video_id: video.id,
      platform: 'youtube',
      connection_id: null,
      key: `matrix-${accounts}`,
      request: '{}',
      steps: '[]',
      estimated_bytes: 1024,
      width: null,
      height: null,
      fps: null,
      duration_ms: null,
      size_bytes: null,
      storage_key: null,
      error: null,
      lease_expires_at: null,
    }),
    ideas: await insertId('ideas', {
      title: 'An idea',
      board_column: 'idea',
      position: 1000 + accounts,
      due_date: null,
      video_id: null,
    }),
    collections: await insertId('collections', { name: `Collection ${accounts}` }),
    automation_rules: await insertId('automation_rules', {
      name: `Rule ${accounts}`,
      trigger: 'post.published',
      conditions: '[]',
      actions: '[]',
    }),
  };
  return rows;
}
