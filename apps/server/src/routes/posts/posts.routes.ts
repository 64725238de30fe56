import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth-guard';

/** /api/videos/:id/posts, /api/posts … (issue "Posts and the exactly-once scheduler"). */
export const postsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));
  };
