import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * `imageOrigins`: where account pictures come from besides https hosts (the sandbox emulator's address,
 * which is plain http on this machine).
 */
export async function registerSecurity(app: FastifyInstance, imageOrigins: string[] = []) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Connected accounts show their pictures from the platforms' own image hosts.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...imageOrigins],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Media is fetched by <video> elements on our own origin only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    hsts: false,
  });
  // API answers carry session tokens, two-factor secrets, backup codes and private data: no cache keeps them.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  // Per-route limits only (`config.rateLimit` on the auth routes).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      new AppError(429, 'rate_limited', 'Too many attempts. Try again later.', {
        'retry-after': String(Math.max(1, Math.ceil(ctx.ttl / 1000))),
      }),
  });
}
