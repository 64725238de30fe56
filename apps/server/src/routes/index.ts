import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { authRoutes } from './auth/auth.routes';
import { healthRoutes } from './health/health.routes';
import { projectsRoutes } from './projects/projects.routes';

/** Every /api route plugin, in one list. */
export async function registerApiRoutes(app: FastifyInstance, ctx: AppContext, version: string) {
  await app.register(healthRoutes(ctx, version), { prefix: '/api' });
  await app.register(authRoutes(ctx), { prefix: '/api' });
  await app.register(projectsRoutes(ctx), { prefix: '/api' });
}
