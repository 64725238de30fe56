import client from 'prom-client';

/**
 * Prometheus metrics of this process (`GET /metrics`, text format). One registry per process: a test run
 * that starts several servers in one process adds their requests up, as one process's counters do.
 */
export const metricsRegistry = new client.Registry();
client.collectDefaultMetrics({ register: metricsRegistry, prefix: 'fanout_' });

export const httpRequests = new client.Counter({
  name: 'fanout_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpDuration = new client.Histogram({
  name: 'fanout_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer sent, by method, route template and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

export const queueDepth = new client.Gauge({
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
  help: 'Publishing runs ended in this process, by platform and outcome (published, failed, unconfirmed, waiting, needs-reconnect, handed-over, lost, gone)',
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
