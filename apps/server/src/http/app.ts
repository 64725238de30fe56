import Fastify, { type FastifyInstance } from 'fastify';
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

/**
 * Calls the spec defines as "no body" (2FA setup, passkey options, logout) are often sent with a JSON
 * content type and nothing in it: treat that as no body instead of malformed JSON.
 */
function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body.toString(), done);
  });
}

export async function buildApp(ctx: AppContext) {
  const app = Fastify({
    loggerInstance: ctx.log,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: ctx.config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app);

  registerErrorHandling(app);
  await registerSecurity(app);
  await registerOpenApi(app, APP_VERSION);
  await registerApiRoutes(app, ctx, APP_VERSION);
  await registerWebApp(app, ctx.config.webDistDir);
  return app;
}
