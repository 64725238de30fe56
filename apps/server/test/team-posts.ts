import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, createProject, insertVideoRow, registerUser, type RegisteredUser } from './factories';
import type { TestServer } from './test-server';

type Role = 'editor' | 'reviewer' | 'client';

/** A video row whose file is stored (a few random bytes under a name the media routes serve), and its id. */
export async function storedVideo(server: TestServer, owner: { userId: number; projectId: number }) {
  const filename = `${randomBytes(16).toString('hex')}.mp4`;
  const source = path.join(os.tmpdir(), `team-posts-${process.pid}-${filename}`);
  const bytes = randomBytes(2048);
  fs.writeFileSync(source, bytes);
  await server.ctx.storage.putFile(filename, source);
  fs.rmSync(source, { force: true });
  await insertVideoRow(server, owner, { filename });
  const row = await server.ctx.db
    .selectFrom('videos')
    .select('id')
    .where('filename', '=', filename)
    .executeTakeFirstOrThrow();
  return { id: row.id, filename, bytes };
}

/** A scheduled post row of a video (no connection: for reading, never for publishing). */
export async function insertPostRow(
  server: TestServer,
  owner: { userId: number; projectId: number },
  videoId: number,
  opts: { platform?: string; scheduledAt?: Date; caption?: string | null } = {},
): Promise<number> {
  const row = await server.ctx.db
    .insertInto('posts')
    .values({
      user_id: owner.userId,
      project_id: owner.projectId,
      video_id: videoId,
      connection_id: null,
      platform: opts.platform ?? 'tiktok',
      account_name: 'Harbour Studio',
      caption: opts.caption ?? null,
      options: '{}',
      status: 'scheduled',
      scheduled_at: opts.scheduledAt ?? new Date(Date.now() + 86_400_000),
      due_at: null,
      progress: JSON.stringify({ step: null, bytesSent: 0, bytesTotal: 0 }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A project with an owner, one member of each role, a stranger, a stored video and one post of it. */
export async function teamWithPost(server: TestServer, name = 'Agency') {
  const owner = await registerUser(server, { fullName: `Olivia ${name}` });
  const project = await createProject(server, owner.token, { name, initials: name.slice(0, 2).toUpperCase() });
  const asOwner = api(server, owner.token);
  const people = {} as Record<Role, RegisteredUser>;
  for (const role of ['editor', 'reviewer', 'client'] as const) {
    const person = await registerUser(server);
    await asOwner.post(`/api/projects/${project.id}/members`, { email: person.user.email, role });
    people[role] = person;
  }
  const scope = { userId: owner.user.id, projectId: project.id };
  const video = await storedVideo(server, scope);
  const postId = await insertPostRow(server, scope, video.id);
  const stranger = await registerUser(server);
  return { owner, project, asOwner, people, stranger, scope, video, postId };
}
