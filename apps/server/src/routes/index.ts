import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { healthRoutes } from './health/health.routes';

/** Every /api route plugin, in one list. */
export async function registerApiRoutes(app: FastifyInstance, ctx: AppContext, version: string) {
  await app.register(healthRoutes(ctx, version), { prefix: '/api' });
}
