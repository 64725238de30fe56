/** A platform call that did not answer within the step timeout. Its request may still be under way. */
export class StepTimeoutError extends Error {
  constructor(
    readonly step: string,
    readonly ms: number,
  ) {
    super(`the ${step} step did not finish within ${Math.round(ms / 1000)} s`);
    this.name = 'StepTimeoutError';
  }
}

/**
 * The call's result, or a StepTimeoutError after `ms`. The call itself goes on (adapters take no abort
 * signal): the runner treats its outcome as unknown, and its late result or error is dropped.
 */
export async function withStepTimeout<T>(call: Promise<T>, ms: number, step: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StepTimeoutError(step, ms)), ms);
  });
  try {
    return await Promise.race([call, timeout]);
  } finally {
    clearTimeout(timer);
    call.catch(() => {});
  }
}

/** Waits `ms`, or less when `signal` aborts (the process is stopping). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
