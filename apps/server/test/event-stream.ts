import { Agent, fetch } from 'undici';
import { authHeaders } from './factories';
import { waitUntil } from './jobs';
import type { TestServer } from './test-server';

export interface StreamEvent {
  event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

/**
 * GET /api/events read as a browser's fetch reads it: the events and comments received so far. Each stream
 * has a connection pool of its own, closed with it: an aborted fetch can leave the shared pool opening a
 * connection that sends nothing, which would hold the server's shutdown up.
 */
export async function openEvents(server: Pick<TestServer, 'url'>, token: string) {
  const abort = new AbortController();
  const dispatcher = new Agent();
  const res = await fetch(`${server.url}/api/events`, {
    headers: authHeaders(token),
    signal: abort.signal,
    dispatcher,
  });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  let ended = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of res.body!) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const lines = block.split('\n');
          if (lines[0]!.startsWith(':')) comments.push(lines[0]!.slice(1).trim());
          const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
          const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
  })();
  await waitUntil(() => comments.includes('listening'), 'the stream to open');
  return {
    res,
    events,
    ended: () => ended,
    close: async () => {
      abort.abort();
      await reading;
      await dispatcher.destroy();
    },
  };
}
