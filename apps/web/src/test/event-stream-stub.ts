import type { StubAnswer, StubRequest } from './fetch-stub';

/**
 * GET /api/events for stubFetch: each request gets a stream that stays open until the app aborts it (or
 * `drop` ends it), and `send` writes an event to every open one, as the server does.
 */
export function liveEventsStub() {
  const open = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const encoder = new TextEncoder();
  let requests = 0;
  const route = (request: StubRequest): StubAnswer => {
    requests++;
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
        open.add(c);
        c.enqueue(encoder.encode(': listening\n\n'));
      },
      cancel() {
        open.delete(controller);
      },
    });
    request.signal?.addEventListener('abort', () => {
      if (!open.delete(controller)) return;
      controller.error(new DOMException('The operation was aborted.', 'AbortError'));
    });
    return { stream };
  };
  return {
    route,
    /** How many streams the app has opened so far. */
    requests: () => requests,
    /** How many are open now. */
    openCount: () => open.size,
    send(event: string, data: unknown) {
      const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
      for (const c of open) c.enqueue(encoder.encode(text));
    },
    /** The server ends every stream (a restart). */
    drop() {
      for (const c of open) c.close();
      open.clear();
    },
  };
}
