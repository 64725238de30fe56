import type { AuthResult, Project, User } from '@fanout/contracts';
import type { TestServer } from './test-server';

/** Test code reads response bodies loosely; what matters is asserted field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export interface ApiResponse<T = Loose> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ApiClient {
  get<T = Loose>(path: string): Promise<ApiResponse<T>>;
  delete<T = Loose>(path: string): Promise<ApiResponse<T>>;
  post<T = Loose>(path: string, body?: unknown): Promise<ApiResponse<T>>;
  patch<T = Loose>(path: string, body?: unknown): Promise<ApiResponse<T>>;
  put<T = Loose>(path: string, body?: unknown): Promise<ApiResponse<T>>;
  /** Sends `raw` as the body exactly as given, with a JSON content type (for malformed-JSON tests). */
  raw<T = Loose>(method: string, path: string, raw: string): Promise<ApiResponse<T>>;
}

export function authHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** JSON in, JSON out, against the real server. Paths are relative to the server, e.g. '/api/projects'. */
export function api(server: Pick<TestServer, 'url'>, token?: string): ApiClient {
  const send = async (method: string, path: string, body?: string) => {
    const headers: Record<string, string> = { ...(token ? authHeaders(token) : {}) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${server.url}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, body: parsed as Loose, headers: res.headers };
  };
  const json = (body: unknown) => (body === undefined ? undefined : JSON.stringify(body));
  return {
    get: (path) => send('GET', path),
    delete: (path) => send('DELETE', path),
    post: (path, body) => send('POST', path, json(body)),
    patch: (path, body) => send('PATCH', path, json(body)),
    put: (path, body) => send('PUT', path, json(body)),
    raw: (method, path, raw) => send(method, path, raw),
  };
}

let userCounter = 0;

export interface RegisteredUser {
  token: string;
  user: User;
  password: string;
}

export interface RegisterOverrides {
  email?: string;
  username?: string;
  password?: string;
  fullName?: string;
}

/** A new account through the real register call; unique username and e-mail on every call. */
export async function registerUser(
  server: Pick<TestServer, 'url'>,
  overrides: RegisterOverrides = {},
): Promise<RegisteredUser> {
  const n = `${process.pid}${Date.now().toString(36)}${userCounter++}`;
  const body = {
    email: `user${n}@example.com`,
    username: `user${n}`,
    password: 'correct horse battery staple',
    fullName: `Test User ${userCounter}`,
    ...overrides,
  };
  const res = await api(server).post<AuthResult>('/api/auth/register', body);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, user: res.body.user, password: body.password };
}

export interface ProjectOverrides {
  name?: string;
  initials?: string;
  color1?: string;
  color2?: string;
}

export async function createProject(
  server: Pick<TestServer, 'url'>,
  token: string,
  overrides: ProjectOverrides = {},
): Promise<Project> {
  const body = { name: 'Test Project', initials: 'TP', color1: '#3b82f6', color2: '#9333ea', ...overrides };
  const res = await api(server, token).post<Project>('/api/projects', body);
  if (res.status !== 201) throw new Error(`create project failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

let videoCounter = 0;

/**
 * A video row written straight to the database, for tests about projects that need videos to exist
 * without going through upload and media processing. Returns the stored file name.
 */
export async function insertVideoRow(
  server: Pick<TestServer, 'ctx'>,
  owner: { userId: number; projectId: number },
  overrides: { filename?: string; thumbnailFilename?: string | null } = {},
): Promise<string> {
  const filename = overrides.filename ?? `test-${process.pid}-${Date.now().toString(36)}-${videoCounter++}.mp4`;
  await server.ctx.db
    .insertInto('videos')
    .values({
      user_id: owner.userId,
      project_id: owner.projectId,
      title: 'A video',
      status: 'awaiting-details',
      size_bytes: 1024,
      filename,
      thumbnail_filename: overrides.thumbnailFilename ?? null,
      mime_type: 'video/mp4',
      original_name: 'a-video.mp4',
    })
    .execute();
  return filename;
}
