import { describe, expect, it, vi } from 'vitest';
import { liveEventsStub } from '@/test/event-stream-stub';
import { stubFetch } from '@/test/fetch-stub';
import { eventStreamParser, keepEventStreamOpen, type StreamEvent } from './event-stream';

function parseChunks(chunks: string[]): StreamEvent[] {
  const events: StreamEvent[] = [];
  const parse = eventStreamParser((e) => events.push(e));
  for (const chunk of chunks) parse(chunk);
  return events;
}

describe('reading Server-Sent Events', () => {
  it('splits events however the chunks fall, and skips comments', () => {
    const body = ': listening\n\nevent: post\ndata: {"a":1}\n\n: heartbeat\n\nevent: notification\ndata: {"b":2}\n\n';
    const whole = parseChunks([body]);
    expect(whole).toEqual([
      { event: 'post', data: '{"a":1}' },
      { event: 'notification', data: '{"b":2}' },
    ]);
    // One character at a time gives the same events.
    expect(parseChunks(body.split(''))).toEqual(whole);
  });

  it('reads \\r\\n and \\r line ends, joins data lines, and names an unnamed event "message"', () => {
    expect(parseChunks(['data: one\r', '\ndata: two\r\n\r', '\nevent:x\rdata\r\r'])).toEqual([
      { event: 'message', data: 'one\ntwo' },
      { event: 'x', data: '' },
    ]);
  });

  it('stops for good when the session is refused', async () => {
    localStorage.setItem('auth_token', 'gone');
    const { calls } = stubFetch({
      'GET /api/events': { status: 401, body: { error: 'Sign in', code: 'unauthorized' } },
    });
    const expired = vi.fn();
    window.addEventListener('session-expired', expired);
    const stop = keepEventStreamOpen('/events', { onEvent: () => {}, baseDelayMs: 1 });
    await vi.waitFor(() => expect(expired).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);
    expect(localStorage.getItem('auth_token')).toBeNull();
    stop();
    window.removeEventListener('session-expired', expired);
  });

  it('tries again after a refusal or a drop, and says when it is back', async () => {
    localStorage.setItem('auth_token', 'abc');
    const live = liveEventsStub();
    let failures = 2;
    const { calls } = stubFetch({
      'GET /api/events': (request) =>
        failures-- > 0 ? { status: 503, body: { error: 'Restarting', code: 'shutting_down' } } : live.route(request),
    });
    const opened: boolean[] = [];
    const events: StreamEvent[] = [];
    const stop = keepEventStreamOpen('/events', {
      onEvent: (e) => events.push(e),
      onOpen: (again) => opened.push(again),
      baseDelayMs: 10,
    });
    await vi.waitFor(() => expect(live.openCount()).toBe(1));
    expect(calls).toHaveLength(3);
    expect(opened).toEqual([false]);
    live.send('post', { id: 1 });
    await vi.waitFor(() => expect(events).toEqual([{ event: 'post', data: '{"id":1}' }]));

    live.drop();
    await vi.waitFor(() => expect(opened).toEqual([false, true]));
    stop();
    await vi.waitFor(() => expect(live.openCount()).toBe(0));
  });
});
