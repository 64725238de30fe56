import fs from 'node:fs';
import path from 'node:path';
import type {
  AuthResult,
  LoginResult,
  PasskeyList,
  Project,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
  UpdateVideoBody,
  User,
  Video,
} from '@fanout/contracts';
import { authenticatorApp } from './totp';

/** Calls the server from the test process, for set-up and for checking what the server really holds. */

export interface SignedUpUser {
  token: string;
  user: User;
  username: string;
  email: string;
  password: string;
}

let sequence = 0;

/** A username and e-mail nobody has used yet on this file's fresh server. */
export function uniqueIdentity(prefix = 'maya') {
  sequence += 1;
  const username = `${prefix}-${sequence}`;
  return {
    username,
    email: `${username}@example.com`,
    fullName: `${prefix[0]!.toUpperCase()}${prefix.slice(1)} Example`,
  };
}

export async function call<T>(
  apiBase: string,
  pathname: string,
  init: RequestInit & { token?: string } = {},
): Promise<T> {
  const { token, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (typeof rest.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(`${apiBase}/api${pathname}`, { ...rest, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${rest.method ?? 'GET'} /api${pathname} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function signUp(apiBase: string, prefix?: string): Promise<SignedUpUser> {
  const identity = uniqueIdentity(prefix);
  const password = 'violet harbour lantern 42';
  const result = await call<AuthResult>(apiBase, '/auth/register', {
    method: 'POST',
    body: JSON.stringify({ ...identity, password }),
  });
  return { ...result, username: identity.username, email: identity.email, password };
}

/** A password sign-in as another device would make it: `userAgent` names that device in the session list. */
export function signIn(
  apiBase: string,
  identifier: string,
  password: string,
  options: { userAgent?: string } = {},
): Promise<LoginResult> {
  return call<LoginResult>(apiBase, '/auth/login', {
    method: 'POST',
    body: JSON.stringify({ identifier, password }),
    headers: options.userAgent ? { 'user-agent': options.userAgent } : undefined,
  });
}

/** The HTTP status of a password sign-in, for checking which password the server takes. */
export async function signInStatus(apiBase: string, identifier: string, password: string): Promise<number> {
  const res = await fetch(`${apiBase}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier, password }),
  });
  await res.body?.cancel();
  return res.status;
}

/** The HTTP status /api/auth/me answers for a session token: 200 while it works, 401 once it is signed out. */
export async function sessionStatus(apiBase: string, token: string): Promise<number> {
  const res = await fetch(`${apiBase}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  await res.body?.cancel();
  return res.status;
}

/** Turns two-factor on as the Security screen does; the app gives the codes for later sign-ins. */
export async function enableTwoFactor(apiBase: string, token: string) {
  const { secret } = await call<TwoFactorSetupResponse>(apiBase, '/auth/2fa/setup', { method: 'POST', token });
  const app = authenticatorApp(secret);
  const { backupCodes } = await call<TwoFactorEnableResponse>(apiBase, '/auth/2fa/enable', {
    method: 'POST',
    token,
    body: JSON.stringify({ token: app.nextCode() }),
  });
  return { app, backupCodes };
}

export async function passkeyNames(apiBase: string, token: string): Promise<string[]> {
  const { passkeys } = await call<PasskeyList>(apiBase, '/auth/passkey/list', { token });
  return passkeys.map((p) => p.deviceName);
}

export function createProject(apiBase: string, token: string, name: string, initials: string): Promise<Project> {
  return call<Project>(apiBase, '/projects', {
    method: 'POST',
    token,
    body: JSON.stringify({ name, initials, color1: '#3b82f6', color2: '#9333ea' }),
  });
}

export function listProjects(apiBase: string, token: string): Promise<Project[]> {
  return call<Project[]>(apiBase, '/projects', { token });
}

export async function uploadVideo(
  apiBase: string,
  token: string,
  projectId: number,
  file: string,
  title = path.basename(file, path.extname(file)),
): Promise<Video> {
  const form = new FormData();
  form.append('title', title);
  form.append('project_id', String(projectId));
  // Tests upload one fixture under many titles: every copy is kept.
  form.append('allow_duplicate', 'true');
  form.append('video', new Blob([fs.readFileSync(file)], { type: 'video/mp4' }), path.basename(file));
  const { video } = await call<{ video: Video }>(apiBase, '/upload', { method: 'POST', token, body: form });
  return video;
}

export function listVideos(apiBase: string, token: string, projectId?: number): Promise<Video[]> {
  return call<Video[]>(apiBase, projectId === undefined ? '/videos' : `/videos?project_id=${projectId}`, { token });
}

export async function updateVideo(apiBase: string, token: string, id: number, body: UpdateVideoBody): Promise<Video> {
  const { video } = await call<{ video: Video }>(apiBase, `/videos/${id}`, {
    method: 'PATCH',
    token,
    body: JSON.stringify(body),
  });
  return video;
}
