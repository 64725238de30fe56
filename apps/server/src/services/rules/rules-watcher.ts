import type { AppContext } from '../../context';
import { listenForChanges } from '../notifications/change-signal';

/** Changes come in bursts (a publish writes its post several times): one wake-up per this long is plenty. */
const DEBOUNCE_MS = 300;

/**
 * Wakes the rule dispatcher when the database says something changed (`fanout_changes`, which new activity
 * events notify as they commit), so a rule runs within about a second of its event. A worker process runs it
 * until the job queue stops; the dispatcher's minute cron covers whatever a wake-up misses.
 */
export function watchForRuleEvents(ctx: AppContext): void {
  let timer: NodeJS.Timeout | undefined;
  const wake = () => {
    if (timer || ctx.jobs.stopSignal.aborted) return;
    timer = setTimeout(() => {
      timer = undefined;
      void ctx.jobs
        .send('rules.dispatch', {})
        .catch((err: unknown) => ctx.log.warn({ err }, 'rules: cannot wake the dispatcher'));
    }, DEBOUNCE_MS);
    timer.unref();
  };
  const signal = listenForChanges({ db: ctx.db, databaseUrl: ctx.config.databaseUrl, log: ctx.log }, wake);
  ctx.jobs.stopSignal.addEventListener(
    'abort',
    () => {
      if (timer) clearTimeout(timer);
      void signal.close();
    },
    { once: true },
  );
}
