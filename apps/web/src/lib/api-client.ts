import type { ErrorBody } from '@fanout/contracts';
import { emitSignal } from './signals';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage-keys';

export const API_BASE = '/api';

/** A non-2xx answer from the server, carrying its `{error, code}` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The whole JSON body, for answers that carry more than `{error, code}` (a 400's list of violations). */
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message) return err.message;
  return fallback;
}

/** The Bearer header of the stored session, or of `token` when given. */
export function authHeaders(token = readStorage(STORAGE_KEYS.authToken)): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * A 401 means the session is gone: forget it and let the app send the user to /login.
 * Without a stored session (a wrong password on the login screen) there is nothing to forget.
 */
export function handleUnauthorized() {
  const hadSession = readStorage(STORAGE_KEYS.authToken) !== null || readStorage(STORAGE_KEYS.user) !== null;
  if (!hadSession) return;
  writeStorage(STORAGE_KEYS.authToken, null);
  writeStorage(STORAGE_KEYS.user, null);
  emitSignal('session-expired');
}

export async function toApiError(res: Response): Promise<ApiError> {
  let body: Partial<ErrorBody> = {};
  let raw: unknown;
  try {
    raw = await res.json();
    body = (raw ?? {}) as Partial<ErrorBody>;
  } catch {
    // Not JSON (a proxy error page, say): fall back to the status text.
  }
  // Without the server's own message (a proxy's error page, say) the message stays empty, so each screen
  // shows its own fallback ('Login failed', 'Registration failed', …) rather than 'Bad Gateway'.
  return new ApiError(res.status, body.code ?? 'http_error', typeof body.error === 'string' ? body.error : '', raw);
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Another session's token instead of the stored one; a 401 then concerns that session only. */
  token?: string;
}

/** JSON over HTTP under /api with the Bearer token. Throws ApiError on any non-2xx answer. */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal, token }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(token) };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${API_BASE}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (res.status === 401 && token === undefined) handleUnauthorized();
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  put: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
