import type { CreateProjectBody, Project, ProjectRole, UpdateProjectBody } from '@fanout/contracts';
import type { AppContext } from '../context';
import type { ProjectRow } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import {
  deleteProjectOfUser,
  findProjectOfUser,
  insertProject,
  listFilesOfProject,
  listProjectsOfUser,
  updateProjectOfUser,
  type ProjectWithCount,
} from '../repositories/projects.repository';
import { listProjectsSharedWith } from '../repositories/project-members.repository';
import { projectAccess } from './access/project-access';
import { findUserById } from '../repositories/users.repository';
import { toIsoString } from './users.service';

function toProject(row: ProjectWithCount, role: ProjectRole = 'owner', ownerName: string | null = null): Project {
  return {
    id: row.id,
    name: row.name,
    initials: row.initials,
    color1: row.color1,
    color2: row.color2,
    video_count: row.video_count,
    user_id: row.user_id,
    timeZone: row.time_zone,
    createdAt: toIsoString(row.created_at),
    role,
    ownerName,
    needsApproval: row.needs_approval,
    clientsSeeAnalytics: row.clients_see_analytics,
  };
}

/** A `user_id` in a request may only name the caller: nobody reads or writes someone else's workspaces. */
export function assertSelf(userId: number, requested: number | undefined): void {
  if (requested !== undefined && requested !== userId) {
    throw forbidden('You can only work with your own projects');
  }
}

/** The caller's own projects, oldest first, then those others share with them, in the order they joined. */
export async function listProjects(ctx: AppContext, userId: number): Promise<Project[]> {
  const own = (await listProjectsOfUser(ctx.db, userId)).map((row) => toProject(row));
  const shared = (await listProjectsSharedWith(ctx.db, userId)).map((row) => toProject(row, row.role, row.owner_name));
  return [...own, ...shared];
}

/** The caller's project, or 404 (also for other people's projects: their ids are not confirmed to exist). */
export async function getOwnProject(ctx: AppContext, userId: number, projectId: number): Promise<Project> {
  const row = await findProjectOfUser(ctx.db, projectId, userId);
  if (!row) throw notFound('Project');
  return toProject(row);
}

export async function createProject(ctx: AppContext, userId: number, body: CreateProjectBody): Promise<Project> {
  assertSelf(userId, body.user_id);
  // A project starts in its owner's zone; later changes to the owner's zone leave it as it is.
  const owner = await findUserById(ctx.db, userId);
  const row: ProjectRow = await insertProject(ctx.db, {
    userId,
    timeZone: owner?.time_zone,
    name: body.name,
    initials: body.initials,
    color1: body.color1.toLowerCase(),
    color2: body.color2.toLowerCase(),
  });
  return toProject({ ...row, video_count: 0 });
}

export async function updateProject(
  ctx: AppContext,
  userId: number,
  projectId: number,
  body: UpdateProjectBody,
): Promise<Project> {
  const changes = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.initials !== undefined ? { initials: body.initials } : {}),
    ...(body.color1 !== undefined ? { color1: body.color1.toLowerCase() } : {}),
    ...(body.color2 !== undefined ? { color2: body.color2.toLowerCase() } : {}),
    ...(body.needsApproval !== undefined ? { needs_approval: body.needsApproval } : {}),
    ...(body.clientsSeeAnalytics !== undefined ? { clients_see_analytics: body.clientsSeeAnalytics } : {}),
  };
  const { ownerId } = await projectAccess(ctx, userId, projectId, 'manage_project');
  const updated = await updateProjectOfUser(ctx.db, projectId, ownerId, changes);
  if (!updated) throw notFound('Project');
  return getOwnProject(ctx, ownerId, projectId);
}

/**
 * Deletes a project with its videos. The rows go in one transaction; the media files are removed after
 * it commits, so a failed delete never leaves rows pointing at missing files.
 */
export async function deleteProject(ctx: AppContext, userId: number, projectId: number): Promise<void> {
  await projectAccess(ctx, userId, projectId, 'manage_project');
  const files = await ctx.db.transaction().execute(async (trx) => {
    if (!(await findProjectOfUser(trx, projectId, userId))) throw notFound('Project');
    const names = await listFilesOfProject(trx, projectId);
    await deleteProjectOfUser(trx, projectId, userId);
    return names;
  });
  await removeFiles(ctx, files);
}

/** Media storage, when this process has one: `remove` deletes a stored file by name. */
type MaybeStorage = { storage?: { remove(name: string): Promise<void> } };

async function removeFiles(ctx: AppContext, names: string[]): Promise<void> {
  const storage = (ctx as AppContext & MaybeStorage).storage;
  if (!storage) return;
  for (const name of names) {
    try {
      await storage.remove(name);
    } catch (err) {
      // The rows are gone already; a file left behind only costs disk space, so the delete still succeeds.
      ctx.log.warn({ err, file: name }, 'could not remove a file of a deleted project');
    }
  }
}
