// Helpers for this folder's tests: an emulator with the YouTube module only, and a person's clicks.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../core/oauth';
import { startEmulator, type RunningEmulator } from '../../core/server';
import { decideRedirect as decide } from '../../core/test-support';

export { clock, decideRedirect as decide, type Clock } from '../../core/test-support';
import { youtube } from './index';

export const G = 'https://www.googleapis.com/auth/';
export const REDIRECT = 'http://127.0.0.1:9/callback';

export interface TestYoutube {
  emu: RunningEmulator;
  dataDir: string;
  /** `https://www.googleapis.com<p>` as served by the emulator. */
  api(p: string): string;
  url(host: string, p: string): string;
  stop(): Promise<void>;
}

export async function startYoutube(
  o: { dataDir?: string; now?: () => number; port?: number } = {},
): Promise<TestYoutube> {
  const dataDir = o.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'emu-youtube-'));
  const emu = await startEmulator({ dataDir, modules: [youtube], now: o.now, port: o.port });
  return {
    emu,
    dataDir,
    api: (p) => `${emu.url}/www.googleapis.com${p}`,
    url: (host, p) => `${emu.url}/${host}${p}`,
    stop: async () => {
      await emu.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function authorizeUrl(t: TestYoutube, params: Record<string, string>): string {
  const q = new URLSearchParams({
    client_id: SANDBOX_CLIENT_ID,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: `${G}youtube.upload ${G}youtube.readonly`,
    access_type: 'offline',
    prompt: 'consent',
    state: 'st-1',
    ...params,
  });
  return t.url('accounts.google.com', `/o/oauth2/v2/auth?${q}`);
}

export async function exchange(t: TestYoutube, params: Record<string, string>) {
  const res = await fetch(t.url('oauth2.googleapis.com', '/token'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: SANDBOX_CLIENT_ID, client_secret: SANDBOX_CLIENT_SECRET, ...params }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Approve + code exchange: the tokens of the first demo channel. */
export async function connect(t: TestYoutube, params: Record<string, string> = {}) {
  const back = await decide(authorizeUrl(t, params), 'approve');
  const { body } = await exchange(t, {
    grant_type: 'authorization_code',
    code: back.searchParams.get('code')!,
    redirect_uri: REDIRECT,
  });
  return { accessToken: body.access_token as string, refreshToken: body.refresh_token as string | undefined };
}

/** Bytes that stand for a video: deterministic size, random content. */
export const videoBytes = (size: number) => randomBytes(size);

export const metadata = (title = 'Sandbox video', extra: Record<string, unknown> = {}) => ({
  snippet: { title, description: 'Made by a test.', tags: ['fanout', 'test'] },
  status: { privacyStatus: 'unlisted' },
  ...extra,
});

/** Opens a resumable session; returns the answer (Location = the session URI). */
export function openSession(t: TestYoutube, token: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(t.api('/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status'), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json; charset=UTF-8',
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

/**
 * A chunk PUT. Each on a connection of its own: a test that restarts the emulator must not reuse a pooled
 * connection the old process closed.
 */
export const put = (url: string, body: Buffer | undefined, contentRange?: string) =>
  undiciFetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'video/mp4', ...(contentRange ? { 'content-range': contentRange } : {}) },
    body,
    dispatcher: oneShot,
  });

const oneShot = new Agent({ pipelining: 0, keepAliveTimeout: 1, keepAliveMaxTimeout: 1 });

export const getJson = async (url: string, token: string) => {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
};

/** A multipart/related body: the metadata part, then the media part. */
export function related(meta: unknown, media: Buffer, mediaType = 'video/mp4') {
  const boundary = 'b0undary-xyz';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify(meta)}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Type: ${mediaType}\r\n\r\n`),
    media,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/related; boundary=${boundary}` };
}
