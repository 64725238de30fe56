import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { countCallNow, type RequestLimit } from '../services/limits/request-limits';
import { currentUser } from './auth-guard';

/**
 * A route's `onRequest` hook counting each call against the signed-in user's `limit` (429 with Retry-After when
 * it is used up). Route hooks run after the plugin's `requireAuth`, and before the body is read: a refused import
 * costs no upload.
 */
export const limitPerUser = (ctx: AppContext, limit: RequestLimit) => async (request: FastifyRequest) =>
  countCallNow(ctx.db, limit, currentUser(request).id);
