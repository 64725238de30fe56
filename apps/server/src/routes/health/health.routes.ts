import { HealthResponse, PublicConfig, ReadyResponse } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { checkDatabase } from '../../repositories/health.repository';
import { productNameForHost } from '../../services/brand.service';
import { isInternetAddress } from '../../services/covers/public-address';

export const healthRoutes =
  (ctx: AppContext, version: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        config: { access: { public: true } },
        schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: HealthResponse } },
      },
      async () => {
        await checkDatabase(ctx.db);
        return { status: 'ok' as const, db: 'ok' as const, version };
      },
    );

    app.get(
      '/ready',
      {
        config: { access: { public: true } },
        schema: {
          tags: ['system'],
          summary: 'Readiness: the database, media storage and job queue all reachable',
          description:
            '200 `ready` when this process can serve now; 503 `not_ready` with the checks that failed (a load ' +
            'balancer sends it no traffic meanwhile). /api/health says only that the process is alive.',
          response: { 200: ReadyResponse, 503: ReadyResponse },
        },
      },
      async (request, reply) => {
        const checks = {
          db: await passes(() => checkDatabase(ctx.db)),
          storage: await passes(() => ctx.storage.check()),
          jobs: await passes(() => ctx.jobs.check()),
        };
        const failed = Object.entries(checks).filter(([, result]) => result !== 'ok');
        if (failed.length) request.log.warn({ checks }, 'not ready');
        return reply.code(failed.length ? 503 : 200).send({ status: failed.length ? 'not_ready' : 'ready', checks });
      },
    );

    app.get(
      '/config',
      {
        config: { access: { public: true } },
        schema: {
          tags: ['system'],
          summary:
            'What the web app needs before sign-in: product name for this host, sign-in options, upload limit, ' +
            'whether PUBLIC_URL is an internet address (`covers.publicAddress`: Instagram can take a cover image)',
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
        covers: { publicAddress: isInternetAddress(ctx.config.publicUrl) },
      }),
    );
  };

/** A check that fails, throws or takes longer than this is `failed`. */
const CHECK_TIMEOUT_MS = 5_000;

async function passes(check: () => Promise<unknown>): Promise<'ok' | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}
