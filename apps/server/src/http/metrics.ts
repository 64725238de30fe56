import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import client from 'prom-client';
import type { AppContext } from '../context';
import { jobDefinitions } from '../jobs/job-definitions';
import { queueDepths } from '../repositories/job-queue-stats.repository';

/**
 * Prometheus metrics of this process (`GET /metrics`, text format). One registry per process: a test run
 * that starts several servers in one process adds their requests up, as one process's counters do.
 */
export const metricsRegistry = new client.Registry();
client.collectDefaultMetrics({ register: metricsRegistry, prefix: 'fanout_' });

const httpRequests = new client.Counter({
  name: 'fanout_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

const httpDuration = new client.Histogram({
  name: 'fanout_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer sent, by method, route template and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

const queueDepth = new client.Gauge({
  name: 'fanout_job_queue_depth',
  help: 'Jobs in the queue (all processes): due (waiting for a worker), scheduled (for later), active (under way)',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
});

const jobLateness = new client.Histogram({
  name: 'fanout_job_lateness_seconds',
  help: 'How late jobs started in this process: start time minus the time the job was due',
  labelNames: ['queue'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900],
  registers: [metricsRegistry],
});

const publishOutcomes = new client.Counter({
  name: 'fanout_publish_outcomes_total',
  help: 'Publishing runs ended in this process, by platform and outcome (published, failed, unconfirmed, waiting, handed-over, lost, gone)',
  labelNames: ['platform', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** A job started `dueAt` was due: how late it started. */
export function observeJobStart(queue: string, dueAt: Date | undefined): void {
  if (!dueAt) return;
  jobLateness.observe({ queue }, Math.max(0, Date.now() - dueAt.getTime()) / 1000);
}

/** A publishing run of a post on `platform` ended with `outcome`. */
export function countPublishOutcome(platform: string, outcome: string): void {
  publishOutcomes.inc({ platform, outcome });
}

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
