import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveWebhookHost, WebhookAddressError } from './webhook-address';
import { signWebhookBody } from './webhook-signature';

export interface WebhookDelivery {
  url: string;
  secret: string;
  body: string;
  eventId: number;
  allowPrivate: boolean;
  /** The whole try: address look-up, connect, request, and the answer's status and headers. */
  timeoutMs: number;
  userAgent: string;
}

export type DeliveryResult =
  | { ok: true; status: number }
  /** `late`: no answer by the deadline (services/webhooks/slow-receivers.ts). */
  | { ok: false; reason: string; retry: boolean; late?: true };

/**
 * One POST of a webhook: to the addresses checked by resolveWebhookHost (pinned: no second DNS answer), never
 * following a redirect (a 3xx is a failure: it could point anywhere). 2xx is delivered; any other answer or
 * no answer is a failure worth retrying, except an address that is not allowed. The try has one deadline for
 * all of it: a socket timeout alone is reset by every byte, so a receiver trickling a byte every few seconds
 * would hold the try, and the job running it, for ever.
 */
export async function deliverWebhook(d: WebhookDelivery): Promise<DeliveryResult> {
  const deadline = AbortSignal.timeout(d.timeoutMs);
  const late = (): DeliveryResult => ({
    ok: false,
    reason: `no answer within ${d.timeoutMs / 1000} s`,
    retry: true,
    late: true,
  });
  const url = new URL(d.url);
  let addresses;
  try {
    addresses = await untilAborted(resolveWebhookHost(url, d.allowPrivate), deadline);
  } catch (err) {
    if (err instanceof WebhookAddressError) return { ok: false, reason: err.message, retry: false };
    if (deadline.aborted) return late();
    throw err;
  }
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<DeliveryResult>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        signal: deadline,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(d.body),
          'user-agent': d.userAgent,
          'x-fanout-signature': signWebhookBody(d.body, d.secret),
          'x-fanout-event-id': String(d.eventId),
        },
      },
      (response) => {
        // Only the status counts; the body is not read, and the deadline still ends a receiver that trickles it.
        response.resume();
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve({ ok: true, status });
        else if (status >= 300 && status < 400)
          resolve({ ok: false, reason: `redirected (HTTP ${status}); redirects are not followed`, retry: true });
        else resolve({ ok: false, reason: `answered HTTP ${status}`, retry: true });
      },
    );
    request.on('error', (err: NodeJS.ErrnoException) => {
      if (deadline.aborted) resolve(late());
      else resolve({ ok: false, reason: err.code ? `${err.code}: ${err.message}` : err.message, retry: true });
    });
    request.end(d.body);
  });
}

/** The promise, or a rejection once the signal aborts (a DNS look-up takes no signal of its own). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
