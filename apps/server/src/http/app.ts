import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { registerApiRoutes } from '../routes';
import { registerAccessGuard } from './access-guard';
import {
  answerFrameworkError,
  clientErrorHandler,
  closeConnectionsOnShutdown,
  closeStalledConnections,
} from './connection-errors';
import { registerCompression } from './compression';
import { registerErrorHandling } from './error-handler';
import { registerMetricsRoute, registerRequestMetrics } from './metrics';
import { registerOpenApi } from './openapi';
import { generateRequestId, registerRequestIds } from './request-id';
import { registerSecurity } from './security';
import { registerTextInputCheck } from './text-input';
import { registerWebApp } from './web-app';
import { registerReadCaches } from '../services/cache/read-caches';
import { APP_VERSION } from '../version';

/** JSON bodies are small; uploads are multipart and streamed, with their own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * A connection on which nothing has moved for this long is closed when the client is the one holding it
 * up: it stopped sending its request or stopped reading the answer (closeStalledConnections). Any byte
 * either way starts the count again, so a large upload on a slow link is fine. Fastify's default is no
 * limit at all, which let a client hold a connection open forever.
 */
export const CONNECTION_IDLE_TIMEOUT_MS = 60_000;

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
    // Every request's log lines carry `reqId`, also sent back as X-Request-Id (request-id.ts).
    genReqId: generateRequestId,
    requestIdHeader: false,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: ctx.config.trustProxy,
    connectionTimeout: CONNECTION_IDLE_TIMEOUT_MS,
    // Errors raised before any route or error handler is involved, in the `{error, code}` shape too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: clientErrorHandler(ctx.log),
    // closeConnectionsOnShutdown answers requests that arrive while shutting down, in the `{error, code}` shape.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  acceptEmptyJsonBodies(app);

  registerRequestIds(app);
  registerRequestMetrics(app);
  registerErrorHandling(app);
  registerTextInputCheck(app);
  closeStalledConnections(app);
  closeConnectionsOnShutdown(app);
  await registerSecurity(app, ctx.emulator ? [new URL(ctx.emulator.browserUrl).origin] : []);
  await registerOpenApi(app, APP_VERSION);
  await registerCompression(app);
  registerReadCaches(app, ctx);
  registerAccessGuard(app, ctx);
  await registerApiRoutes(app, ctx, APP_VERSION);
  registerMetricsRoute(app, ctx);
  await registerWebApp(app, ctx.config.webDistDir, { productName: ctx.config.productName });
  return app;
}
