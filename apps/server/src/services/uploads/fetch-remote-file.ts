import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { AppError, unprocessable } from '../../http/errors';
import { untilAborted } from '../webhooks/deliver-webhook';
import { hostOf, resolveWebhookHost, WebhookAddressError, type ResolvedAddress } from '../webhooks/webhook-address';

/** Redirects followed before giving up; each hop is checked as the first address was. */
export const MAX_REDIRECTS = 5;

export interface RemoteFetchOptions {
  /** Private addresses that may be reached: none, all, or these addresses/CIDR ranges (IMPORT_ALLOW_PRIVATE). */
  allowPrivate: boolean | string[];
  /** Each hop's address look-up, connection and answer headers. */
  connectTimeoutMs: number;
  /** The whole fetch, body included (`AbortSignal.timeout(timeoutMs)`): the caller reads the body under it too. */
  deadline: AbortSignal;
  timeoutMs: number;
  userAgent: string;
}

export interface RemoteFile {
  /** The answer's body, unread; the caller reads it under the deadline and destroys it when done. */
  body: IncomingMessage;
  /** Content-Length, when the answer gave one. */
  declaredBytes: number | undefined;
  /** Content-Type as the answer gave it (informational: ffprobe reads the real type). */
  contentType: string;
  /** The address that answered, after any redirects. */
  finalUrl: URL;
}

const importFailed = (message: string, code: string) => unprocessable(message, code);

export const importTimedOut = (seconds: number) =>
  importFailed(`The address did not send the whole file within ${seconds} s`, 'import_timeout');

export const importInterrupted = () =>
  importFailed('The address stopped sending before the end of the file', 'import_interrupted');

/** Whether a resolved address may be reached under `allowPrivate` (private ones are refused unless listed). */
function privatePolicy(allowPrivate: boolean | string[]): boolean | ((address: string) => boolean) {
  if (typeof allowPrivate === 'boolean') return allowPrivate;
  const allowed = new BlockList();
  for (const entry of allowPrivate) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) allowed.addAddress(address, type);
    else allowed.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    const plain = mapped ?? address;
    return allowed.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}

/** Only http(s), never credentials: checked for the first address by the contract, and here again for every hop. */
function checkShape(url: URL, redirected: boolean) {
  const where = redirected ? 'The address redirected to' : 'The address is';
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw importFailed(`${where} ${url.protocol}//…: only http:// and https:// are fetched`, 'import_bad_redirect');
  }
  if (url.username || url.password) {
    throw importFailed(`${where} an address with a user name or password: not fetched`, 'import_bad_redirect');
  }
}

/** No answer within IMPORT_CONNECT_TIMEOUT_SECONDS: look-up, connection and answer headers of one hop. */
const noAnswer = (url: URL, options: RemoteFetchOptions) =>
  importFailed(`${hostOf(url)} did not answer within ${options.connectTimeoutMs / 1000} s`, 'import_timeout');

async function resolveAllowed(url: URL, options: RemoteFetchOptions, redirected: boolean) {
  const hop = AbortSignal.timeout(options.connectTimeoutMs);
  try {
    return await untilAborted(
      resolveWebhookHost(url, privatePolicy(options.allowPrivate)),
      AbortSignal.any([options.deadline, hop]),
    );
  } catch (err) {
    if (options.deadline.aborted) throw importTimedOut(options.timeoutMs / 1000);
    if (hop.aborted) throw noAnswer(url, options);
    if (!(err instanceof WebhookAddressError)) throw err;
    const host = hostOf(url);
    if (err.reason === 'private') {
      const what = redirected ? `The address redirected to ${host}, which is` : `${host} is`;
      throw importFailed(
        `${what} on this machine or a private network: this server does not fetch from there`,
        'import_private_address',
      );
    }
    throw importFailed(`${host} could not be found (no such host)`, 'import_unreachable');
  }
}

const CONNECT_TIMEOUT = 'IMPORT_CONNECT_TIMEOUT';

/**
 * One GET to the checked addresses (pinned: a second DNS answer cannot differ), up to the answer's headers, which
 * must come within what is left of the hop's IMPORT_CONNECT_TIMEOUT_SECONDS (`hopStart`: when its look-up began).
 */
function get(
  url: URL,
  addresses: ResolvedAddress[],
  options: RemoteFetchOptions,
  hopStart: number,
): Promise<IncomingMessage> {
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = client.request(url, {
      method: 'GET',
      lookup: pinned,
      signal: options.deadline,
      agent: false,
      headers: { 'user-agent': options.userAgent, accept: 'video/*, */*;q=0.5', 'accept-encoding': 'identity' },
    });
    const timer = setTimeout(
      () => {
        request.destroy(Object.assign(new Error('no answer in time'), { code: CONNECT_TIMEOUT }));
      },
      Math.max(0, hopStart + options.connectTimeoutMs - Date.now()),
    );
    request.on('response', (response) => {
      clearTimeout(timer);
      resolve(response);
    });
    request.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(connectionError(url, err, options));
    });
    request.end();
  });
}

/** A failed connection or request, in words a caller can act on. */
function connectionError(url: URL, err: NodeJS.ErrnoException, options: RemoteFetchOptions): AppError {
  if (options.deadline.aborted) return importTimedOut(options.timeoutMs / 1000);
  if (err.code === CONNECT_TIMEOUT) return noAnswer(url, options);
  return importFailed(`${hostOf(url)} could not be reached (${err.code ?? err.message})`, 'import_unreachable');
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GETs an http(s) address for an import: every hop's host resolved and refused when any of its addresses is
 * private (unless allowed), the connection made to exactly those addresses, at most MAX_REDIRECTS redirects
 * each checked the same way, a 2xx answer required. Answers with the body still unread. Every failure is a
 * 422 with its own code (import_private_address, import_unreachable, import_timeout, import_http_error,
 * import_bad_redirect, import_too_many_redirects); `not_a_video` for an answer that is a web page.
 */
export async function openRemoteFile(address: string, options: RemoteFetchOptions): Promise<RemoteFile> {
  let url = new URL(address);
  for (let hop = 0; ; hop++) {
    checkShape(url, hop > 0);
    const hopStart = Date.now();
    const addresses = await resolveAllowed(url, options, hop > 0);
    const response = await get(url, addresses, options, hopStart);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECTS.has(status) && location) {
      response.destroy();
      if (hop === MAX_REDIRECTS) {
        throw importFailed(`The address redirected more than ${MAX_REDIRECTS} times`, 'import_too_many_redirects');
      }
      try {
        url = new URL(location, url);
      } catch {
        throw importFailed('The address redirected to something that is not an address', 'import_bad_redirect');
      }
      continue;
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      throw importFailed(`The address answered HTTP ${status}, not the file`, 'import_http_error');
    }
    const contentType = response.headers['content-type'] ?? '';
    if (/^text\/html\b/i.test(contentType)) {
      response.destroy();
      throw unprocessable(
        'The address answered a web page, not a video file: use the address of the video file itself',
        'not_a_video',
      );
    }
    const length = Number(response.headers['content-length']);
    return {
      body: response,
      declaredBytes:
        response.headers['content-length'] !== undefined && Number.isSafeInteger(length) ? length : undefined,
      contentType,
      finalUrl: url,
    };
  }
}
