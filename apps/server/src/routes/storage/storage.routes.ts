import { ErrorBody, StorageResponse } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import { storageUsage } from '../../services/storage-usage.service';

export const storageRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/used-storage',
      {
        config: { access: { personal: true } },
        schema: {
          tags: ['storage'],
          security: [{ bearer: [] }],
          summary: 'Bytes your videos and thumbnails use, and your quota',
          response: { 200: StorageResponse, 401: ErrorBody },
        },
      },
      async (request) => storageUsage(ctx, currentUser(request).id),
    );
  };
