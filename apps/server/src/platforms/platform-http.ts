import type { Readable } from 'node:stream';

/** A request to a platform and its answer, as every adapter and the app checks send and read them. */
export type RequestBody = string | Buffer | Uint8Array | Readable;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** Added to the URL's query string (values are encoded; undefined values left out). */
  query?: Record<string, string | number | boolean | undefined>;
  body?: RequestBody;
  /** A JSON body; sets Content-Type. */
  json?: unknown;
  /** An application/x-www-form-urlencoded body; sets Content-Type. */
  form?: Record<string, string | number | boolean | undefined>;
  /** Statuses besides 2xx that are answers, not errors (YouTube's 308 Resume Incomplete). */
  accept?: number[];
  timeoutMs?: number;
}

/** A platform's answer, read whole (answers are small JSON; bytes only ever go the other way). */
export interface PlatformResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: unknown;
}
