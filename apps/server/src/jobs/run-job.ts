import type { AppContext } from '../context';
import type { JobDefinitions, JobHandler, JobHandlers, JobInfo } from './define-job';

export class MissingJobHandlerError extends Error {}

/**
 * Exactly one handler per job: the compiler sees the handler map, but start-up checks it again so that a job
 * without a handler can never sit in its queue unnoticed, nor a handler wait for a job that is never sent.
 */
export function checkHandlers(definitions: JobDefinitions, handlers: Partial<Record<string, unknown>>): void {
  const missing = Object.keys(definitions).filter((name) => typeof handlers[name] !== 'function');
  const unknown = Object.keys(handlers).filter((name) => !Object.hasOwn(definitions, name));
  const problems = [
    ...(missing.length ? [`no handler for ${missing.join(', ')}`] : []),
    ...(unknown.length ? [`a handler for no defined job: ${unknown.join(', ')}`] : []),
  ];
  if (problems.length) throw new MissingJobHandlerError(`Jobs are not set up right: ${problems.join('; ')}`);
}

/**
 * Runs one job: its payload checked against the definition (a job may have been sent by an older version of
 * the server), then its handler. What the handler returns is kept with the job in the database: counts and
 * ids, never secrets.
 */
export async function runJob<Ds extends JobDefinitions>(
  ctx: AppContext,
  definitions: Ds,
  handlers: JobHandlers<Ds>,
  job: JobInfo & { data: unknown },
): Promise<unknown> {
  const definition = definitions[job.name];
  // The payload's type is the definition's own once parsed; the map is indexed by a run-time name here.
  const handler = handlers[job.name] as JobHandler<unknown> | undefined;
  if (!definition || !handler) throw new MissingJobHandlerError(`No job is defined as ${job.name}`);
  const log = ctx.log.child({ job: job.name, jobId: job.id });
  const started = Date.now();
  try {
    const payload = definition.payload.parse(job.data);
    const output = await handler(ctx, payload, { id: job.id, name: job.name });
    log.debug({ ms: Date.now() - started, output }, 'job done');
    return output;
  } catch (err) {
    log.warn({ err, ms: Date.now() - started }, 'job failed');
    throw err;
  }
}
