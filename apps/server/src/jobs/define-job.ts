import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Config } from '../config/env';
import type { AppContext } from '../context';

/** What a job is: its payload, how its queue treats it, and when it runs on its own. */
export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  /** Checked when the job is sent and again when it runs: a job may wait across a deploy. */
  payload: P;
  queue: {
    /** `stately`: at most one job waiting and one running per singleton key; `standard`: no limit. */
    policy: PgBoss.QueuePolicy;
    retryLimit: number;
    retryDelaySeconds?: number;
    retryBackoff?: boolean;
    /** A running job not finished by then counts as failed (its process died) and is retried. */
    expireInSeconds: number;
  };
  /**
   * A job that must exist once per key, e.g. `publish:<postId>:<attempt>`: sent twice, it is queued and run
   * once (the key becomes the job's id for as long as pg-boss keeps the job, 12 h after it ends).
   */
  jobKey?(payload: z.infer<P>): string;
  /** Jobs with the same singleton key are held to the queue's policy. */
  singletonKey?(payload: z.infer<P>): string;
  /** Sent by pg-boss's clock: a five-field cron expression in UTC and the payload it sends. */
  cron?: { schedule: string; payload: z.infer<P> };
  /** Run by each worker process as it starts, before it takes jobs, with this payload. */
  atStartup?: z.infer<P>;
  /**
   * How many of these jobs one worker process runs at once (default 1): that many pg-boss workers take from
   * the queue, each one job at a time. A number, or read from the configuration.
   */
  concurrency?: number | ((config: Config) => number);
}

export type JobDefinitions = Record<string, JobDefinition>;

export type PayloadOf<D extends JobDefinition> = z.infer<D['payload']>;

export interface JobInfo {
  id: string;
  name: string;
}

export type JobHandler<P> = (ctx: AppContext, payload: P, job: JobInfo) => Promise<unknown>;

/** Exactly one handler per job name: the compiler checks it here, start-up checks it again (job-registry.ts). */
export type JobHandlers<Ds extends JobDefinitions> = { [N in keyof Ds]: JobHandler<PayloadOf<Ds[N]>> };

/** Keeps the payload type of each definition for its key, cron payload and handler. */
export function defineJob<P extends z.ZodType>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

/** A UUID (version 5 layout) derived from a job's key, since pg-boss ids are UUIDs. */
export function jobIdFor(name: string, key: string): string {
  const hash = createHash('sha1').update(`${name}\0${key}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
