import type { FaultEnvelopes } from '../../core/context';
import { json, type EmuResponse } from '../../core/http';

export const PROBLEMS = 'https://api.x.com/2/problems/';

/** Problem JSON (RFC 7807) as X sends it. */
export function problem(
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): EmuResponse {
  return { status, headers: { 'content-type': 'application/problem+json', ...headers }, body: { ...body, status } };
}

/** A request X refuses for its parameters: the invalid-request problem, with X's `errors` list. */
export const invalidRequest = (message: string, parameter?: string, value?: unknown) =>
  problem(400, {
    errors: [{ parameters: parameter ? { [parameter]: [String(value ?? '')] } : {}, message }],
    title: 'Invalid Request',
    detail: message,
    type: `${PROBLEMS}invalid-request`,
    ...(parameter ? { parameter } : {}),
  });

export const notFound = (resourceType: string, id: string, parameter = 'id') => ({
  value: id,
  detail: `Could not find ${resourceType} with ${parameter}: [${id}].`,
  title: 'Not Found Error',
  resource_type: resourceType,
  parameter,
  resource_id: id,
  type: `${PROBLEMS}resource-not-found`,
});

export const unauthorized = () => problem(401, { title: 'Unauthorized', type: 'about:blank', detail: 'Unauthorized' });

export const forbidden = (detail: string) => problem(403, { title: 'Forbidden', type: 'about:blank', detail });

export const DUPLICATE = 'You are not allowed to create a Tweet with duplicate content.';

export function rateHeaders(limit: number, remaining: number, resetAt: Date): Record<string, string> {
  return {
    'x-rate-limit-limit': String(limit),
    'x-rate-limit-remaining': String(Math.max(0, remaining)),
    'x-rate-limit-reset': String(Math.ceil(resetAt.getTime() / 1000)),
  };
}

export const tooManyRequests = (headers: Record<string, string>) =>
  problem(429, { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank' }, headers);

export const errors: FaultEnvelopes = {
  rateLimit: (resetAt) => tooManyRequests(rateHeaders(100, 0, resetAt)),
  serverError: () =>
    problem(500, { title: 'Internal Error', detail: 'An internal error occurred.', type: `${PROBLEMS}internal-error` }),
  tokenExpired: unauthorized,
  reject: forbidden,
};

/** The token endpoint's own envelope. */
export const oauthError = (status: number, error: string, description: string) =>
  json(status, { error, error_description: description });
