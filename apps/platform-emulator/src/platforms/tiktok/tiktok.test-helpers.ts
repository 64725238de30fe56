import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../core/oauth';
import { startEmulator, type RunningEmulator } from '../../core/server';
import { armFault, pressDecision as decide, publishedItems } from '../../core/test-support';

export { pressDecision as decide } from '../../core/test-support';
import { tiktok } from './index';

export const REDIRECT = 'http://127.0.0.1:9/callback';
export const ALL_SCOPES = 'user.info.basic,video.publish,video.upload,video.list';
export const API = 'open.tiktokapis.com';

export interface Emu extends RunningEmulator {
  dataDir: string;
  /** The emulator's clock, moved by tests. */
  clock: { t: number };
}

/** The TikTok module alone on a free loopback port (or `port`), on `dataDir` (a new temp dir by default). */
export async function startTikTok(dataDir?: string, port = 0, clock = { t: Date.now() }): Promise<Emu> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'emu-tiktok-'));
  const emu = await startEmulator({ dataDir: dir, port, modules: [tiktok], now: () => clock.t });
  return { ...emu, dataDir: dir, clock };
}

export function authorizeUrl(emu: Emu, params: Record<string, string> = {}) {
  const q = new URLSearchParams({
    client_key: SANDBOX_CLIENT_ID,
    scope: ALL_SCOPES,
    redirect_uri: REDIRECT,
    state: 'st-123',
    response_type: 'code',
    ...params,
  });
  return `${emu.url}/www.tiktok.com/v2/auth/authorize/?${q}`;
}

export function tokenRequest(emu: Emu, fields: Record<string, string>) {
  return fetch(`${emu.url}/${API}/v2/oauth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_key: SANDBOX_CLIENT_ID, client_secret: SANDBOX_CLIENT_SECRET, ...fields }),
  });
}

/** Approve as the first creator, or the one `account` (an open_id) names: the code. */
export async function codeFor(emu: Emu, scope = ALL_SCOPES, account?: string): Promise<string> {
  const chosen: Record<string, string> = account ? { account } : {};
  const res = await decide(authorizeUrl(emu, { scope }), 'approve', chosen);
  return new URL(res.headers.get('location')!).searchParams.get('code')!;
}

/** Through the authorize page and the code exchange: a fresh token pair. */
export async function connect(emu: Emu, scope = ALL_SCOPES, account?: string) {
  const res = await tokenRequest(emu, {
    code: await codeFor(emu, scope, account),
    grant_type: 'authorization_code',
    redirect_uri: REDIRECT,
  });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${await res.text()}`);
  return (await res.json()) as { access_token: string; refresh_token: string; open_id: string; expires_in: number };
}

export async function call(emu: Emu, token: string, method: string, pathAndQuery: string, body?: object) {
  const res = await fetch(`${emu.url}/${API}${pathAndQuery}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=UTF-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as {
    data: Record<string, unknown>;
    error: { code: string; message: string; log_id: string };
  };
  return { status: res.status, headers: res.headers, ...json };
}

export const MB = 1024 * 1024;

export function initBody(
  size: number,
  chunkSize = size,
  total = Math.floor(size / chunkSize),
  title = 'Sandbox clip #fanout',
) {
  return {
    post_info: { title, privacy_level: 'SELF_ONLY', disable_comment: false, video_cover_timestamp_ms: 1000 },
    source_info: { source: 'FILE_UPLOAD', video_size: size, chunk_size: chunkSize, total_chunk_count: total },
  };
}

export function putChunk(
  uploadUrl: string,
  bytes: Buffer,
  first: number,
  total: number,
  headers: Record<string, string> = {},
) {
  return fetch(uploadUrl, {
    method: 'PUT',
    headers: {
      'content-type': 'video/mp4',
      'content-range': `bytes ${first}-${first + bytes.length - 1}/${total}`,
      ...headers,
    },
    body: bytes,
  });
}

export async function fault(
  emu: Emu,
  f: { kind: string; step?: string; message?: string; times?: number; delayMs?: number },
) {
  await armFault(emu.url, 'tiktok', f);
}

export async function stop(emu: Emu) {
  await emu.close();
  fs.rmSync(emu.dataDir, { recursive: true, force: true });
}

/** What the token endpoint answers, on success or refusal. */
export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  open_id: string;
  expires_in: number;
  refresh_expires_in: number;
  scope: string;
  token_type: string;
  error?: string;
  error_description?: string;
  log_id?: string;
}
export const tokenJson = async (res: Response) => (await res.json()) as TokenAnswer;

export interface PublishedItem {
  platform: string;
  id: string;
  url: string;
  accountId: string;
  title: string;
  caption: string;
  bytes: number;
  sha256: string;
}
export const published = (emu: { url: string }) => publishedItems<PublishedItem>(emu);
