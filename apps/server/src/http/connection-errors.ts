import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type {
  ConnectionError,
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import { shuttingDown } from './errors';

interface Answer {
  status: number;
  code: string;
  message: string;
}

/** Errors of Fastify's router, raised before any route (and so before the error handler) is involved. */
const FRAMEWORK_ERRORS: Record<string, Answer> = {
  FST_ERR_BAD_URL: { status: 400, code: 'bad_url', message: 'The URL is not valid: it has a broken %-escape' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'param_too_long', message: 'A part of the URL is too long' },
};

/** `frameworkErrors` of the Fastify options: router errors in the `{error, code}` shape. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = FRAMEWORK_ERRORS[error.code];
  if (!known) {
    request.log.error({ err: error }, 'unhandled framework error');
    return reply
      .code(500)
      .header('cache-control', 'no-store')
      .send({ error: 'Something went wrong on our side. Please try again.', code: 'internal_error' });
  }
  request.log.info({ code: error.code }, 'refused a malformed URL');
  return reply
    .code(known.status)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send({ error: known.message, code: known.code });
}

/** Errors of Node's HTTP parser and its timers; anything else the parser refuses is a 400. */
const PARSER_ERRORS: Record<string, Answer> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: 'headers_too_large', message: 'The request headers are too large' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    code: 'body_too_large',
    message: 'The chunk extensions of the request are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'request_timeout', message: 'The request took too long to arrive' },
};
const MALFORMED: Answer = { status: 400, code: 'bad_request', message: 'The request is not well-formed HTTP' };

/** What Node's HTTP server keeps on a socket: the response in progress on it, if any. */
type ServerSocket = Socket & { _httpMessage?: http.ServerResponse | null };

/**
 * `clientErrorHandler` of the Fastify options: a request Node's HTTP parser refused (bad framing, a
 * header section over the limit, ...) never reaches Fastify. Answers it in the `{error, code}` shape and
 * closes the connection, whose framing can no longer be trusted.
 */
export function clientErrorHandler(log: FastifyBaseLogger) {
  return (err: ConnectionError, socket: Socket) => {
    // A reset connection is already gone: there is no one to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const answer = PARSER_ERRORS[err.code] ?? MALFORMED;
    log.info({ code: err.code }, 'refused a malformed HTTP request');
    // The client reads answers in the order of its requests. So answer only when the refused bytes are
    // the request in progress on this connection (its body failed to parse) or no request is: not when
    // they came after a complete request (pipelined), which would take our 400 for its answer, nor once
    // an answer has begun, which our bytes would corrupt. Those connections are just closed.
    const inFlight = (socket as ServerSocket)._httpMessage;
    const ours = !inFlight || (!inFlight.headersSent && !inFlight.req.complete);
    if (socket.writable && ours) {
      const body = JSON.stringify({ error: answer.message, code: answer.code });
      socket.write(
        `HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\n` +
          'content-type: application/json; charset=utf-8\r\n' +
          `content-length: ${Buffer.byteLength(body)}\r\n` +
          'cache-control: no-store\r\n' +
          'x-content-type-options: nosniff\r\n' +
          'connection: close\r\n\r\n' +
          body,
      );
    }
    socket.destroy(err);
  };
}

/**
 * With `connectionTimeout` set, Node closes a connection that has been silent that long. That is meant for
 * clients that stop sending their request or stop reading the answer; not for requests fully received
 * that the server is still working on (an upload being probed and given a thumbnail can be silent for a
 * while). A `timeout` listener on the response takes the decision over from Node, for requests in progress.
 */
export function closeStalledConnections(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    const { socket } = request.raw;
    reply.raw.on('timeout', () => {
      const stoppedSending = !request.raw.complete;
      const stoppedReading = socket.writableLength > 0;
      if (stoppedSending || stoppedReading) socket.destroy();
    });
    done();
  });
}

/**
 * Shutting down (SIGTERM): requests that arrive from then on get 503 `{error, code}` with Retry-After, and
 * every connection is closed once its answer is out. Node itself closes only the connections idle at the
 * moment shutdown begins; one whose answer was still being sent would be kept alive until its keep-alive
 * timeout (72 s), holding the shutdown up that long.
 */
/** How long shutdown waits for a connection that has sent no request to send one. */
const SILENT_CONNECTION_GRACE_MS = 1_000;

export function closeConnectionsOnShutdown(app: FastifyInstance) {
  let closing = false;
  // Requests seen and under way per connection. Node closes idle keep-alive connections itself, but not one
  // that has not sent its first request yet (browsers open those ahead of time): it would hold the shutdown
  // until its connection timeout. Such a connection gets a moment (a request may be on its way: it is
  // answered 503) and is then closed.
  const connections = new Map<Socket, { seen: number; open: number }>();
  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, { seen: 0, open: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const counts = connections.get(req.socket);
    if (!counts) return;
    counts.seen += 1;
    counts.open += 1;
    res.once('close', () => (counts.open -= 1));
  });
  app.addHook('preClose', (done) => {
    closing = true;
    for (const [socket, counts] of connections) {
      if (counts.open > 0) continue;
      const seen = counts.seen;
      setTimeout(() => {
        if (counts.open === 0 && counts.seen === seen) socket.destroy();
      }, SILENT_CONNECTION_GRACE_MS).unref();
    }
    done();
  });
  app.addHook('onRequest', (_request, _reply, done) => done(closing ? shuttingDown() : undefined));
  app.addHook('onResponse', (request, _reply, done) => {
    if (closing) request.raw.socket?.end();
    done();
  });
}
