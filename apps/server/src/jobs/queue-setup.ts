import type PgBoss from 'pg-boss';
import type { JobDefinition, JobDefinitions } from './define-job';

/** The queue settings a definition asks for, in the shape pg-boss reports them. */
function queueSettings(name: string, { queue }: JobDefinition) {
  return {
    name,
    policy: queue.policy,
    retryLimit: queue.retryLimit,
    retryDelay: queue.retryDelaySeconds ?? 0,
    retryBackoff: queue.retryBackoff ?? false,
    expireInSeconds: queue.expireInSeconds,
  };
}

/**
 * Creates each job's queue, or updates it when its definition changed. One read when nothing did, which is
 * every start but the first.
 */
export async function declareQueues(boss: PgBoss, definitions: JobDefinitions): Promise<void> {
  const existing = new Map((await boss.getQueues()).map((q) => [q.name, q]));
  for (const [name, definition] of Object.entries(definitions)) {
    const wanted = queueSettings(name, definition);
    const current = existing.get(name);
    if (!current) await boss.createQueue(name, wanted);
    else if (Object.entries(wanted).some(([key, value]) => current[key as keyof typeof current] !== value)) {
      await boss.updateQueue(name, wanted);
    }
  }
}

/**
 * Makes pg-boss's schedule table say what the definitions say: every cron declared, with its payload and
 * singleton key, and no cron left for a job that no longer has one.
 */
export async function declareSchedules(boss: PgBoss, definitions: JobDefinitions): Promise<void> {
  const existing = new Map((await boss.getSchedules()).map((s) => [s.name, s]));
  for (const [name, definition] of Object.entries(definitions)) {
    const cron = definition.cron;
    if (!cron) continue;
    const singletonKey = definition.singletonKey?.(cron.payload);
    const current = existing.get(name);
    const same =
      current?.cron === cron.schedule &&
      JSON.stringify(current.data ?? {}) === JSON.stringify(cron.payload) &&
      current.options?.singletonKey === singletonKey;
    if (!same) await boss.schedule(name, cron.schedule, cron.payload as object, { tz: 'UTC', singletonKey });
  }
  for (const name of existing.keys()) {
    if (!definitions[name]?.cron) await boss.unschedule(name);
  }
}
