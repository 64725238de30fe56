import { HealthResponse, PublicConfig } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { checkDatabase } from '../../repositories/health.repository';
import { productNameForHost } from '../../services/brand.service';

export const healthRoutes =
  (ctx: AppContext, version: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      { schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: HealthResponse } } },
      async () => {
        await checkDatabase(ctx.db);
        return { status: 'ok' as const, db: 'ok' as const, version };
      },
    );

    app.get(
      '/config',
      {
        schema: {
          tags: ['system'],
          summary: 'What the web app needs before sign-in: product name for this host, sign-in options, upload limit',
          response: { 200: PublicConfig },
        },
      },
      async (request) => ({
        productName: productNameForHost(ctx.config, request.hostname),
        signIn: {
          passkeys: true,
          identityProviders: ctx.identityProvider
            ? [{ id: ctx.identityProvider.id, name: ctx.identityProvider.name }]
            : [],
        },
        uploads: { maxBytes: ctx.config.uploadMaxBytes },
      }),
    );
  };
