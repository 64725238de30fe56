import { randomUUID } from 'node:crypto';
import type { Store } from './store';

export const FAULT_KINDS = [
  'rate_limit',
  'server_error',
  'token_expired',
  'reject',
  'processing_failed',
  'slow_processing',
  'hang',
  'duplicate',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * Answered by the core before the route's own handler, in the platform's own envelope. The others need
 * the platform's own logic: `processing_failed` / `slow_processing` change what a status poll reports,
 * `duplicate` makes a create call refuse the post as a duplicate.
 */
export const REQUEST_FAULTS: readonly FaultKind[] = ['rate_limit', 'server_error', 'token_expired', 'reject', 'hang'];

export interface Fault {
  id: string;
  platform: string;
  kind: FaultKind;
  /** How many more requests it applies to. */
  times: number;
  /** The step it applies to (a route's step name, e.g. `init`, `append`, `create`); any step when absent. */
  step?: string;
  message?: string;
  /** For `hang` (how long before giving up; default: until the client goes away) and `slow_processing`. */
  delayMs?: number;
}

/** Faults injected through the control API, consumed by the requests they match. Persisted with the state. */
export class Faults {
  constructor(private readonly store: Store) {}

  private get all() {
    return this.store.collection<Fault>('_faults');
  }

  add(f: Omit<Fault, 'id' | 'times'> & { times?: number }): Fault {
    const fault: Fault = { ...f, id: randomUUID(), times: f.times ?? 1 };
    return this.all.set(fault.id, fault);
  }

  clear() {
    for (const f of this.all.values()) this.all.delete(f.id);
  }

  list(): Fault[] {
    return this.all.values();
  }

  /**
   * The first fault of one of `kinds` for this platform and step, used up by one: it applies to `times`
   * requests. Undefined when none matches.
   */
  take(platform: string, step: string, kinds: readonly FaultKind[]): Fault | undefined {
    const f = this.peek(platform, step, kinds);
    if (!f) return undefined;
    if (f.times <= 1) this.all.delete(f.id);
    else this.all.update(f.id, (x) => (x.times -= 1));
    return f;
  }

  /** Like `take` but leaves the fault in place (a state that lasts, such as slow processing). */
  peek(platform: string, step: string, kinds: readonly FaultKind[]): Fault | undefined {
    return this.all
      .values()
      .find((f) => f.platform === platform && kinds.includes(f.kind) && (f.step === undefined || f.step === step));
  }
}
