import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from '../../services/security-events.service';

/** Who is asking, for sessions, security events and per-address limits. */
export const requestMeta = (request: FastifyRequest): RequestMeta => ({
  userAgent: request.headers['user-agent'],
  ip: request.ip,
});
