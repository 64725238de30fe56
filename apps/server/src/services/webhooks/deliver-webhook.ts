import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveWebhookHost, WebhookAddressError } from './webhook-address';
import { signWebhookBody } from './webhook-signature';

/** A receiver that has not answered by then has failed this try. */
const TIMEOUT_MS = 10_000;

export interface WebhookDelivery {
  url: string;
  secret: string;
  body: string;
  eventId: number;
  allowPrivate: boolean;
  userAgent: string;
}

export type DeliveryResult = { ok: true; status: number } | { ok: false; reason: string; retry: boolean };

/**
 * One POST of a webhook: to the addresses checked by resolveWebhookHost (pinned: no second DNS answer), never
 * following a redirect (a 3xx is a failure: it could point anywhere). 2xx is delivered; any other answer or
 * no answer is a failure worth retrying, except an address that is not allowed.
 */
export async function deliverWebhook(d: WebhookDelivery): Promise<DeliveryResult> {
  const url = new URL(d.url);
  let addresses;
  try {
    addresses = await resolveWebhookHost(url, d.allowPrivate);
  } catch (err) {
    if (err instanceof WebhookAddressError) return { ok: false, reason: err.message, retry: false };
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
        timeout: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(d.body),
          'user-agent': d.userAgent,
          'x-fanout-signature': signWebhookBody(d.body, d.secret),
          'x-fanout-event-id': String(d.eventId),
        },
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve({ ok: true, status });
        else if (status >= 300 && status < 400)
          resolve({ ok: false, reason: `redirected (HTTP ${status}); redirects are not followed`, retry: true });
        else resolve({ ok: false, reason: `answered HTTP ${status}`, retry: true });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ ok: false, reason: err.code ? `${err.code}: ${err.message}` : err.message, retry: true }),
    );
    request.end(d.body);
  });
}
