import type { Capability } from '@fanout/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { ProjectScoped } from '../repositories/project-members.repository';
import { accessTo, projectAccess, type ProjectAccess } from '../services/access/project-access';
import { badRequest } from './errors';

/** Where in a request a project's or a row's id is read: `params.id`, `query.project_id`, `body.projectId`. */
export type IdAt = `${'params' | 'query' | 'body'}.${string}`;

/**
 * What a route needs from the caller's place in a project, declared on the route (`config.access`) so that
 * every route says it, and a test checks that none forgets (routes/route-access.test.ts):
 * - `personal`: the caller's own things (account, tokens, notifications, their list of projects);
 * - `project`: the project whose id is at `at`;
 * - `row`: the project of the row (a video, a post …) whose id is at `at`.
 * The checks themselves are projectAccess's, in one place; ROLE_CAN says which role has which capability.
 */
export type AccessRule =
  { personal: true } | { project: IdAt; need: Capability } | { row: ProjectScoped; at: IdAt; need: Capability };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    /** Set for routes with a project or row rule: what the caller may do there, and the project's owner. */
    access?: ProjectAccess;
  }
}

function idAt(request: FastifyRequest, at: IdAt): number | undefined {
  const [part, key] = at.split('.', 2) as ['params' | 'query' | 'body', string];
  const source = request[part] as Record<string, unknown> | undefined;
  const value = source?.[key];
  return typeof value === 'number' ? value : undefined;
}

/** Resolves each route's rule after its input is validated (so ids are numbers) and before its handler. */
export function registerAccessGuard(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('preHandler', async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule || 'personal' in rule || !request.user) return;
    const at = 'project' in rule ? rule.project : rule.at;
    const id = idAt(request, at);
    // The schema makes the id required where the rule reads it; a route whose schema does not is a bug.
    if (id === undefined) throw badRequest(`Missing ${at.split('.')[1]}`, 'validation_failed');
    request.access =
      'project' in rule
        ? await projectAccess(ctx, request.user.id, id, rule.need)
        : await accessTo(ctx, request.user.id, rule.row, id, rule.need);
  });
}

/**
 * The id the repositories filter a project's rows by: its owner's, once the route's rule let the caller in. A
 * handler of a route without a project or row rule has none to ask for, and that is a bug, not a 403.
 */
export function ownerOf(request: FastifyRequest): number {
  if (!request.access) throw new Error(`route ${request.routeOptions.url} has no project or row access rule`);
  return request.access.ownerId;
}
