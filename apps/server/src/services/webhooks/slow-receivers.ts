import type { DeliveryResult } from './deliver-webhook';

/** How long a receiver that ran a try into its deadline is left alone before one try is let through again. */
export const SLOW_RECEIVER_PAUSE_MS = 60_000;

interface SlowReceiver {
  /** Epoch ms until which no try is sent. */
  until: number;
  /** A try is under way to see whether it answers again: the others wait for its outcome. */
  probing: boolean;
}

/** Per running server (tests run several in one process): receiver key → how it stands. */
const slowByServer = new WeakMap<object, Map<string, SlowReceiver>>();

/** `done` with the try's result, or nothing when it threw. */
export type ReceiverTurn = { go: true; done(result?: DeliveryResult): void } | { go: false; reason: string };

/**
 * Whether a try may go to this receiver now (`key`: one project's host, so a receiver is never judged by another
 * project's tries). Every try is a job of its own, but a burst of tries to a receiver that does not answer
 * would still fill every delivery slot for a deadline each, again at each retry. So once one of its tries runs
 * into the deadline, its further tries in this process are not sent for SLOW_RECEIVER_PAUSE_MS (they fail at
 * once and are retried as the policy says); then one try goes, alone, and its outcome decides. A receiver that
 * answers, even with an error, is not slow.
 */
export function takeReceiverTurn(owner: object, key: string, timeoutMs: number, now = Date.now()): ReceiverTurn {
  let receivers = slowByServer.get(owner);
  if (!receivers) slowByServer.set(owner, (receivers = new Map()));
  const slow = receivers.get(key);
  if (slow && (slow.probing || slow.until > now)) {
    const seconds = timeoutMs / 1000;
    return { go: false, reason: `not sent: the receiver's last try had no answer within ${seconds} s` };
  }
  if (slow) slow.probing = true;
  return {
    go: true,
    done(result) {
      if (result && !result.ok && result.late)
        receivers.set(key, { until: Date.now() + SLOW_RECEIVER_PAUSE_MS, probing: false });
      else receivers.delete(key);
    },
  };
}
