import type { FastifyRequest } from 'fastify';
import { approvalNeeded, type PostAuthor } from '../services/approval/approval-rule';

/** The person making or changing a post in a route with a project or row rule, and whether it needs approval. */
export function postAuthorOf(request: FastifyRequest): PostAuthor {
  const access = request.access;
  if (!access) throw new Error(`route ${request.routeOptions.url} has no project or row access rule`);
  return { userId: access.actorId, needsApproval: approvalNeeded(access, request.apiToken !== undefined) };
}
