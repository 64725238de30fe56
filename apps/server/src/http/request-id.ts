import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a proxy in front may have given the request: short, and only characters safe in a log line. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Each request's id: made here (a UUID), whatever the request says, so that no client can make its requests
 * look like someone else's in the log. It is on every log line of the request (`reqId`) and goes back in
 * the `X-Request-Id` response header. An `X-Request-Id` a proxy in front sent, when sane, is logged beside it
 * as `upstreamId`, to find the same request in that proxy's log.
 */
export const generateRequestId = () => randomUUID();

export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    const upstream = request.headers[REQUEST_ID_HEADER];
    if (typeof upstream === 'string' && SANE_ID.test(upstream)) {
      // The reply logs the request's end with a logger of its own.
      request.log = reply.log = request.log.child({ upstreamId: upstream });
    }
  });
}
