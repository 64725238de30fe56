import { ErrorBody, PlatformAvailability } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireAuth } from '../../http/auth-guard';
import { platformAvailability } from '../../services/connections/connections.service';

export const platformsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/platforms',
      {
        config: { access: { personal: true } },
        schema: {
          tags: ['connections'],
          security: [{ bearer: [] }],
          summary: 'Which platforms this server can connect, and whether each is the sandbox (the platform emulator)',
          response: { 200: PlatformAvailability, 401: ErrorBody },
        },
      },
      async () => platformAvailability(ctx),
    );
  };
