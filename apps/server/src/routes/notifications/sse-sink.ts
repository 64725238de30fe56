import { PassThrough } from 'node:stream';
import type { EventSink } from '../../services/notifications/event-hub';

/**
 * A client that stops reading would make the server buffer its events without end; past this much unread
 * the stream is ended (the client reconnects and reads the current state).
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** A Server-Sent Events body: `event:` and one `data:` line of JSON per event, comments for heartbeats. */
export function sseSink(): { body: PassThrough; sink: EventSink } {
  const body = new PassThrough();
  const write = (text: string) => {
    if (body.writableEnded || body.destroyed) return;
    if (body.writableLength > MAX_BUFFERED_BYTES) body.end();
    else body.write(text);
  };
  const sink: EventSink = {
    // JSON.stringify never emits a raw line break, so the data is one line.
    send: (event: string, data: unknown) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    comment: (text) => write(`: ${text.replace(/\n/g, ' ')}\n\n`),
    end: () => {
      if (!body.writableEnded) body.end();
    },
  };
  return { body, sink };
}
