import { vi } from 'vitest';

export interface StubRequest {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
  signal?: AbortSignal;
}

export interface StubAnswer {
  status?: number;
  body?: unknown;
  /** A streamed body (Server-Sent Events), sent as it is written, instead of `body` as JSON. */
  stream?: ReadableStream<Uint8Array>;
}
type Handler = (request: StubRequest) => StubAnswer | undefined;
export type StubRoutes = Record<string, Handler | StubAnswer>;

/**
 * Replaces fetch at the HTTP boundary with answers keyed by 'METHOD /path' (query string included).
 * Unknown requests answer 404 so a test never silently depends on a call it did not expect.
 */
export function stubFetch(routes: StubRoutes) {
  const calls: StubRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const request = { method, url, headers: new Headers(init.headers), body, signal: init.signal ?? undefined };
    calls.push(request);
    const route = routes[`${method} ${url}`];
    const answer = typeof route === 'function' ? route(request) : route;
    if (!answer)
      return new Response(JSON.stringify({ error: `No route for ${method} ${url}`, code: 'not_found' }), {
        status: 404,
      });
    if (answer.stream) {
      return new Response(answer.stream, {
        status: answer.status ?? 200,
        headers: { 'content-type': 'text/event-stream' },
      });
    }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, fetchStub };
}
