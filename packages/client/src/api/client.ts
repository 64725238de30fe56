import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema';

export type { components, paths };
export type Schemas = components['schemas'];
export type FanoutClient = Client<paths>;

export interface Connection {
  /** The server's origin, e.g. https://fanout.example.com (no /api). */
  url: string;
  /** A personal API token (POST /api/auth/tokens) or a session token. */
  token: string;
}

/** The API's error body: every 4xx/5xx answers `{error, code}`, some with details (violations…). */
export interface ErrorBody {
  error: string;
  code: string;
  [detail: string]: unknown;
}

/**
 * A typed client for the Fanout API with the token on every request. `fetch`: how requests travel (the
 * server's own MCP endpoint passes one that answers through the app itself).
 */
export function createFanoutClient({ url, token }: Connection, fetch?: typeof globalThis.fetch): FanoutClient {
  return createClient<paths>({
    baseUrl: url.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${token}` },
    ...(fetch ? { fetch } : {}),
  });
}
