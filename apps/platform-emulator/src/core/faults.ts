import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Store } from './store';

export const FAULT_KINDS = [
  'rate_limit',
  'server_error',
  'token_expired',
  'reject',
  'processing_failed',
  'slow_processing',
  'hang',
  'hang_after',
  'duplicate',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * Answered by the core around the route's own handler (`withRequestFault`), in the platform's own envelope:
 * `hang` holds the request before it takes effect; `hang_after` lets it take effect (its state written to
 * disk) and then holds the answer, the case of a client that dies or times out between a request and its
 * answer. The others need the platform's own logic: `processing_failed` / `slow_processing` change what a
 * status poll reports (read the same way on every platform: processing-faults.ts), `duplicate` makes a create
 * call refuse the post as a duplicate.
 */
export const REQUEST_FAULTS: readonly FaultKind[] = [
  'rate_limit',
  'server_error',
  'token_expired',
  'reject',
  'hang',
  'hang_after',
];

export interface Fault {
  id: string;
  platform: string;
  kind: FaultKind;
  /** How many more requests it applies to. */
  times: number;
  /** The step it applies to (a route's step name, e.g. `init`, `append`, `create`); any step when absent. */
  step?: string;
  message?: string;
  /**
   * For `hang` and `hang_after`: how long the answer is held (default: until the client goes away); then
   * `hang` answers a server error and `hang_after` the request's own answer. For `rate_limit`: until the
   * reset. For `slow_processing`: how long the processing of each upload it catches is held (without it, every
   * upload's processing is held for as long as the fault exists).
   */
  delayMs?: number;
}

export interface HeldRequest {
  platform: string;
  step: string;
  kind: FaultKind;
  since: string;
}

/** Faults injected through the control API, consumed by the requests they match. Persisted with the state. */
export class Faults {
  /** Requests held by `hang` / `hang_after`, each with what lets it go. */
  private readonly held = new Map<() => void, HeldRequest>();
  /** Requests that reached each `platform` + `step` since start or the last reset (not persisted). */
  private readonly reached = new Map<string, { platform: string; step: string; requests: number }>();

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
   * The first fault of one of `kinds` for this platform and step (and that `where` accepts), used up by one: it
   * applies to `times` requests. Undefined when none matches.
   */
  take(platform: string, step: string, kinds: readonly FaultKind[], where?: (f: Fault) => boolean): Fault | undefined {
    const f = this.peek(platform, step, kinds, where);
    if (!f) return undefined;
    if (f.times <= 1) this.all.delete(f.id);
    else this.all.update(f.id, (x) => (x.times -= 1));
    return f;
  }

  /** Like `take` but leaves the fault in place (a state that lasts, such as open-ended slow processing). */
  peek(platform: string, step: string, kinds: readonly FaultKind[], where?: (f: Fault) => boolean): Fault | undefined {
    return this.all
      .values()
      .find(
        (f) =>
          f.platform === platform &&
          kinds.includes(f.kind) &&
          (f.step === undefined || f.step === step) &&
          (where === undefined || where(f)),
      );
  }

  /** Counts a request that reached a step, whether a fault applied to it or not. */
  reach(platform: string, step: string) {
    const key = `${platform} ${step}`;
    const entry = this.reached.get(key) ?? { platform, step, requests: 0 };
    entry.requests += 1;
    this.reached.set(key, entry);
  }

  /** The steps requests reached, in the order first reached: where a fault can be injected for a flow. */
  reachedSteps() {
    return [...this.reached.values()].map((e) => ({ ...e }));
  }

  forgetReached() {
    this.reached.clear();
  }

  /**
   * Holds a request's answer: resolves when the client goes away (its connection closes), after the fault's
   * `delayMs` when it has one, or when the emulator closes (`releaseAll`), whichever comes first. What is
   * left of the request's body is read and dropped: a connection whose unread bytes fill its buffers stops
   * being read, and would never tell that the client has gone.
   */
  hold(request: IncomingMessage, fault: Fault, step: string): Promise<void> {
    const socket = request.socket;
    return new Promise<void>((resolve) => {
      const done = () => {
        this.held.delete(done);
        socket.off('close', done);
        resolve();
      };
      this.held.set(done, { platform: fault.platform, step, kind: fault.kind, since: new Date().toISOString() });
      request.resume();
      if (fault.delayMs !== undefined) setTimeout(done, fault.delayMs).unref();
      if (socket.destroyed) done();
      else socket.once('close', done);
    });
  }

  /** The requests held now: a `hang` from its arrival, a `hang_after` once it took effect. */
  heldRequests(): HeldRequest[] {
    return [...this.held.values()];
  }

  /** Lets every held request go (the emulator is closing). */
  releaseAll() {
    for (const done of [...this.held.keys()]) done();
  }
}
