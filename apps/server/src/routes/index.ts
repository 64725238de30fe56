import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { authRoutes } from './auth/auth.routes';
import { healthRoutes } from './health/health.routes';
import { mediaRoutes } from './media/media.routes';
import { projectsRoutes } from './projects/projects.routes';
import { searchRoutes } from './search/search.routes';
import { storageRoutes } from './storage/storage.routes';
import { uploadRoutes } from './upload/upload.routes';
import { connectedPlatformsRoutes } from './videos/connected-platforms.routes';
import { videosRoutes } from './videos/videos.routes';

/** Every /api route plugin, in one list. */
export async function registerApiRoutes(app: FastifyInstance, ctx: AppContext, version: string) {
  await app.register(healthRoutes(ctx, version), { prefix: '/api' });
  await app.register(authRoutes(ctx), { prefix: '/api' });
  await app.register(projectsRoutes(ctx), { prefix: '/api' });
  await app.register(videosRoutes(ctx), { prefix: '/api' });
  await app.register(uploadRoutes(ctx), { prefix: '/api' });
  await app.register(connectedPlatformsRoutes(ctx), { prefix: '/api' });
  await app.register(storageRoutes(ctx), { prefix: '/api' });
  await app.register(searchRoutes(ctx), { prefix: '/api' });
  // Media sits outside /api: <video> and <img> load it by plain URL.
  await app.register(mediaRoutes(ctx));
}
