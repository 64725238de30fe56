import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { registerApiRoutes } from '../routes';
import { registerErrorHandling } from './error-handler';
import { registerOpenApi } from './openapi';
import { registerSecurity } from './security';
import { registerWebApp } from './web-app';

export const APP_VERSION = '0.1.0';

/** JSON bodies are small; uploads are multipart and streamed, with their own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp(ctx: AppContext) {
  const app = Fastify({
    loggerInstance: ctx.log,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: ctx.config.trustProxy,
    disableRequestLogging: ctx.config.env === 'test',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  await registerSecurity(app);
  await registerOpenApi(app, APP_VERSION);
  await registerApiRoutes(app, ctx, APP_VERSION);
  await registerWebApp(app, ctx.config.webDistDir);
  return app;
}
