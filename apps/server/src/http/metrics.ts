import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { jobDefinitions } from '../jobs/job-definitions';
import { queueDepths } from '../repositories/job-queue-stats.repository';
import { httpDuration, httpRequests, metricsRegistry, queueDepth } from '../metrics-registry';

const UNMATCHED_ROUTE = 'unmatched';

/** Counts and times every request, labelled by its route's template (`/api/posts/:id`), never by its URL. */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Who may read /metrics: with METRICS_TOKEN set, whoever sends it as a Bearer token; without it, only a
 * direct request from this machine (a loopback peer, and no X-Forwarded-For: a reverse proxy on this machine
 * forwarding a request from outside is not enough).
 */
export function mayReadMetrics(ctx: AppContext, request: FastifyRequest): boolean {
  const token = ctx.config.metricsToken;
  if (token) {
    const sent = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const a = Buffer.from(sent);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  const peer = request.raw.socket.remoteAddress ?? '';
  return LOOPBACK.test(peer) && request.headers['x-forwarded-for'] === undefined;
}

/** GET /metrics: the registry in Prometheus's text format, with the job queue's depth read now. */
export function registerMetricsRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get('/metrics', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!mayReadMetrics(ctx, request)) {
      return reply
        .code(403)
        .send({ error: 'Metrics are served to this machine or with the metrics token only', code: 'forbidden' });
    }
    try {
      const depths = await queueDepths(ctx.db);
      queueDepth.reset();
      for (const queue of Object.keys(jobDefinitions))
        for (const state of ['due', 'scheduled', 'active']) queueDepth.set({ queue, state }, 0);
      for (const q of depths) {
        queueDepth.set({ queue: q.queue, state: 'due' }, q.due);
        queueDepth.set({ queue: q.queue, state: 'scheduled' }, q.scheduled);
        queueDepth.set({ queue: q.queue, state: 'active' }, q.active);
      }
    } catch (err) {
      request.log.warn({ err }, 'metrics: could not read the job queue');
    }
    reply.header('content-type', metricsRegistry.contentType);
    return metricsRegistry.metrics();
  });
}
