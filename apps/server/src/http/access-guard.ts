import type { Capability } from '@fanout/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { ProjectScoped } from '../repositories/project-members.repository';
import { accessTo, projectAccess, type ProjectAccess } from '../services/access/project-access';
import { currentUser } from './auth-guard';
import { badRequest } from './errors';

/** Where in a request a project's or a row's id is read: `params.id`, `query.project_id`, `body.projectId`. */
export type IdAt = `${'params' | 'query' | 'body'}.${string}`;

/**
 * What a route needs from the caller's place in a project, declared on the route (`config.access`) so that
 * every route says it, and a test checks that none forgets (routes/route-access.test.ts):
 * - `public`: no sign-in (health, signing in, the media a signed address names);
 * - `personal`: the caller's own things (account, tokens, notifications, their list of projects);
 * - `project`: the project whose id is at `project`; with `optional`, a request without one is about the caller's
 *   own projects only (a list of all their videos);
 * - `row`: the project of the row (a video, a post …) whose id is at `at`;
 * - `rows`: the projects of every row whose ids (an array) are at `at`, which must all have one owner;
 * - `inHandler`: the project id arrives where no rule can read it before the handler (a multipart field, the tus
 *   metadata, named here); the handler calls projectAccess itself, with `need`.
 * The checks themselves are projectAccess's, in one place; ROLE_CAN says which role has which capability.
 */
export type AccessRule =
  | { public: true }
  | { personal: true }
  | { project: IdAt; need: Capability; optional?: true }
  | { row: ProjectScoped; at: IdAt; need: Capability }
  | { rows: ProjectScoped; at: IdAt; need: Capability }
  | { inHandler: string; need: Capability };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    /** Set for routes with a project or row rule: what the caller may do there, and the project's owner. */
    access?: ProjectAccess;
  }
}

function valueAt(request: FastifyRequest, at: IdAt): unknown {
  const [part, key] = at.split('.', 2) as ['params' | 'query' | 'body', string];
  return (request[part] as Record<string, unknown> | undefined)?.[key];
}

async function resolve(ctx: AppContext, request: FastifyRequest, actorId: number, rule: AccessRule) {
  if ('public' in rule || 'personal' in rule || 'inHandler' in rule) return undefined;
  const at = 'project' in rule ? rule.project : rule.at;
  const value = valueAt(request, at);
  if ('project' in rule) {
    if (value === undefined && rule.optional) return undefined;
    if (typeof value !== 'number') throw badRequest(`Missing ${at.split('.')[1]}`, 'validation_failed');
    return projectAccess(ctx, actorId, value, rule.need);
  }
  if ('row' in rule) {
    if (typeof value !== 'number') throw badRequest(`Missing ${at.split('.')[1]}`, 'validation_failed');
    return accessTo(ctx, actorId, rule.row, value, rule.need);
  }
  const ids = Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  if (ids.length === 0) throw badRequest(`Missing ${at.split('.')[1]}`, 'validation_failed');
  const all = await Promise.all([...new Set(ids)].map((id) => accessTo(ctx, actorId, rule.rows, id, rule.need)));
  if (new Set(all.map((a) => a.ownerId)).size > 1) {
    throw badRequest('These belong to projects of different owners: act on one project at a time', 'several_owners');
  }
  return all[0];
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: AccessRule | undefined;
}
const declared = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** Every route of an app with the rule it declared, for the test that no route forgets one. */
export function declaredRoutes(app: FastifyInstance): readonly DeclaredRoute[] {
  return declared.get(app) ?? [];
}

/** Resolves each route's rule after its input is validated (so ids are numbers) and before its handler. */
export function registerAccessGuard(app: FastifyInstance, ctx: AppContext): void {
  const routes: DeclaredRoute[] = [];
  declared.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access: route.config?.access });
  });
  app.addHook('preHandler', async (request) => {
    const rule = request.routeOptions.config.access;
    if (!rule || !request.user) return;
    request.access = await resolve(ctx, request, request.user.id, rule);
  });
}

/**
 * The id the repositories filter a project's rows by: its owner's, once the route's rule let the caller in; the
 * caller's own for an optional project rule the request did not use. A handler of a route without a project or
 * row rule has none to ask for, and that is a bug, not a 403.
 */
export function ownerOf(request: FastifyRequest): number {
  if (request.access) return request.access.ownerId;
  const rule = request.routeOptions.config.access;
  if (rule && 'project' in rule && rule.optional) return currentUser(request).id;
  throw new Error(`route ${request.routeOptions.url} has no project or row access rule`);
}
