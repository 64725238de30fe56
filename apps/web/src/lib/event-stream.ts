import { API_BASE, ApiError, authHeaders, handleUnauthorized, toApiError } from './api-client';

/** One Server-Sent Event: its name (`message` when it has none) and its data lines joined. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Splits a Server-Sent Events body into events as its chunks arrive (the WHATWG format: `event:` and `data:`
 * fields, a blank line ends an event, lines starting with `:` are comments; \n, \r\n or \r end a line).
 */
export function eventStreamParser(onEvent: (event: StreamEvent) => void) {
  let buffered = '';
  let event = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };
  // A chunk that ends in \r may have the \n of its \r\n in the next one: that \n ends no further line.
  let afterCR = false;
  return (chunk: string) => {
    const text = afterCR && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
    if (chunk !== '') afterCR = chunk.endsWith('\r');
    buffered += text;
    const lines = buffered.split(/\r\n|\r|\n/);
    buffered = lines.pop() ?? '';
    for (const complete of lines) line(complete);
  };
}

/**
 * Reads a Server-Sent Events stream under /api with the Bearer token (EventSource cannot send headers).
 * Resolves when the server ends the stream; rejects with ApiError on a refused request (a 401 forgets the
 * session, as every API call does) and with the fetch error when the connection drops or `signal` aborts.
 */
export async function readEventStream(
  path: string,
  { signal, onOpen, onEvent }: { signal: AbortSignal; onOpen?: () => void; onEvent: (event: StreamEvent) => void },
): Promise<void> {
  const res = await fetch(`${API_BASE}${path}`, {
    headers: { Accept: 'text/event-stream', ...authHeaders() },
    cache: 'no-store',
    signal,
  });
  if (res.status === 401) handleUnauthorized();
  if (!res.ok) throw await toApiError(res);
  if (!res.body) return;
  onOpen?.();
  const parse = eventStreamParser(onEvent);
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parse(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}

export interface LiveStreamOptions {
  onEvent: (event: StreamEvent) => void;
  /** Each time the stream is open; `again` after a drop (what happened in between was missed). */
  onOpen?: (again: boolean) => void;
  /** First wait after a drop; it doubles on each failed try up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Keeps a stream open: after a drop (a restart, a lost network) it connects again after a growing, jittered
 * wait, and back to the first wait once a connection has held. Stops for good when the session is refused
 * (401) or when the returned function is called.
 */
export function keepEventStreamOpen(path: string, options: LiveStreamOptions): () => void {
  const { onEvent, onOpen, baseDelayMs = 1_000, maxDelayMs = 30_000 } = options;
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let opened = false;

  const connect = async () => {
    try {
      await readEventStream(path, {
        signal: abort.signal,
        onEvent,
        onOpen: () => {
          failures = 0;
          onOpen?.(opened);
          opened = true;
        },
      });
    } catch (err) {
      if (abort.signal.aborted) return;
      // The session is over: the app goes to sign-in, and a new session opens a new stream.
      if (err instanceof ApiError && err.status === 401) return;
      failures++;
    }
    if (abort.signal.aborted) return;
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, failures - 1));
    // Full jitter, with a floor: many tabs reconnecting after a restart do not all arrive at once.
    timer = setTimeout(() => void connect(), ceiling / 2 + Math.random() * (ceiling / 2));
  };
  void connect();

  return () => {
    abort.abort();
    clearTimeout(timer);
  };
}
