import type { IncomingMessage } from 'node:http';

/** How much of a refused body is read and thrown away so that its client can read the answer. */
const DRAIN_MAX_BYTES = 8 * 1024 * 1024;
const DRAIN_MAX_MS = 3000;

/**
 * Reads and discards what is left of a request body the server has refused, up to a few megabytes and a
 * few seconds. A connection closed while the client is still writing is reset by the kernel, and most
 * clients (fetch, browsers) then report "connection reset" instead of the answer: for a body of a
 * reasonable size the client gets the 4xx and its words. Past the cap the connection is closed anyway
 * (a 5 GB upload is not read to tell its sender that it was refused).
 */
export function drainBody(req: IncomingMessage): Promise<void> {
  if (req.complete || req.destroyed) return Promise.resolve();
  return new Promise<void>((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', done);
      req.off('close', done);
      req.off('error', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) {
        req.pause();
        done();
      }
    };
    const timer = setTimeout(() => {
      req.pause();
      done();
    }, DRAIN_MAX_MS);
    req.on('data', onData);
    req.once('end', done);
    req.once('close', done);
    req.once('error', done);
    req.resume();
  });
}
