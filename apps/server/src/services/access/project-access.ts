import { roleCan, type Capability, type ProjectRole } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { AppError, forbidden, notFound } from '../../http/errors';
import { findProjectIdOf, findProjectPlace, type ProjectScoped } from '../../repositories/project-members.repository';

/**
 * What one request may do in one project: the person acting, the project's owner (every row of the project
 * carries the owner's id, so the repositories' `user_id` filters take `ownerId`), and the person's role.
 */
export interface ProjectAccess {
  projectId: number;
  ownerId: number;
  actorId: number;
  role: ProjectRole;
  needsApproval: boolean;
}

const NOUNS: Record<Capability, string> = {
  see_posts: 'see its posts',
  see_library: 'see its library',
  edit: 'change its videos and posts',
  note: 'write notes',
  approve: 'approve posts',
  see_analytics: 'see its analytics',
  manage_accounts: 'connect or remove its accounts',
  manage_project: 'manage its members and settings',
};

/**
 * The one place that decides whether the caller may do `need` in a project. Someone with no place in it gets
 * 404, as if it did not exist (its id is not confirmed to anyone outside); a member whose role does not allow
 * it gets 403 `role_forbidden`, naming the role. Clients read analytics only when the owner allows it.
 */
export async function projectAccess(
  ctx: Pick<AppContext, 'db'>,
  actorId: number,
  projectId: number,
  need: Capability,
): Promise<ProjectAccess> {
  const place = await findProjectPlace(ctx.db, projectId, actorId);
  if (!place) throw notFound('Project');
  const allowed =
    roleCan(place.role, need) || (need === 'see_analytics' && place.role === 'client' && place.clientsSeeAnalytics);
  if (!allowed) {
    throw forbidden(
      `As ${article(place.role)} ${place.role} of this project you cannot ${NOUNS[need]}`,
      'role_forbidden',
    );
  }
  return {
    projectId: place.projectId,
    ownerId: place.ownerId,
    actorId,
    role: place.role,
    needsApproval: place.needsApproval,
  };
}

const article = (role: ProjectRole) => (role === 'owner' || role === 'editor' ? 'an' : 'a');

const THINGS: Record<ProjectScoped, string> = {
  videos: 'Video',
  posts: 'Post',
  renditions: 'Copy',
  platform_connections: 'Connection',
  ideas: 'Idea',
  collections: 'Collection',
  automation_rules: 'Rule',
};

/**
 * Access to the project of one row (a video, a post …) named by id: 404 "Video not found" when there is no such
 * row or the caller has no place in its project (the two are never told apart), else as projectAccess.
 */
export async function accessTo(
  ctx: Pick<AppContext, 'db'>,
  actorId: number,
  table: ProjectScoped,
  id: number,
  need: Capability,
): Promise<ProjectAccess> {
  const projectId = await findProjectIdOf(ctx.db, table, id);
  if (projectId === undefined) throw notFound(THINGS[table]);
  try {
    return await projectAccess(ctx, actorId, projectId, need);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) throw notFound(THINGS[table]);
    throw err;
  }
}
