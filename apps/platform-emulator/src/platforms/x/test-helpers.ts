// Helpers for this folder's tests: an emulator with the X module only, PKCE, and a person's clicks.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, FormData, fetch as undiciFetch } from 'undici';
import { SANDBOX_CLIENT_ID } from '../../core/oauth';
import { startEmulator, type RunningEmulator } from '../../core/server';
import { decideRedirect as decide, SANDBOX_BASIC } from '../../core/test-support';

export { clock, decideRedirect as decide, type Clock } from '../../core/test-support';
import { x } from './index';

export const REDIRECT = 'http://127.0.0.1:9/x/callback';
export const ALL_SCOPES = 'tweet.read tweet.write users.read media.write offline.access';
export const BASIC = SANDBOX_BASIC;

export interface TestX {
  emu: RunningEmulator;
  dataDir: string;
  /** `https://api.x.com<p>` as served by the emulator. */
  api(p: string): string;
  stop(): Promise<void>;
}

export async function startX(o: { dataDir?: string; now?: () => number; port?: number } = {}): Promise<TestX> {
  const dataDir = o.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'emu-x-'));
  const emu = await startEmulator({ dataDir, modules: [x], now: o.now, port: o.port });
  return {
    emu,
    dataDir,
    api: (p) => `${emu.url}/api.x.com${p}`,
    stop: async () => {
      await emu.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

export function authorizeUrl(t: TestX, params: Record<string, string | undefined> = {}): string {
  const q = new URLSearchParams();
  const all = {
    response_type: 'code',
    client_id: SANDBOX_CLIENT_ID,
    redirect_uri: REDIRECT,
    scope: ALL_SCOPES,
    state: 'st-x',
    code_challenge_method: 'S256',
    ...params,
  };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) q.set(k, v);
  return `${t.emu.url}/x.com/i/oauth2/authorize?${q}`;
}

export async function token(
  t: TestX,
  params: Record<string, string>,
  headers: Record<string, string> = { authorization: BASIC },
) {
  const res = await fetch(t.api('/2/oauth2/token'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(params),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string | number> };
}

/** Approve with PKCE (as the demo account, or the one `account` names) and exchange the code: its tokens. */
export async function connect(t: TestX, scope = ALL_SCOPES, account?: string) {
  const { verifier, challenge } = pkce();
  const chosen: Record<string, string> = account ? { account } : {};
  const back = await decide(authorizeUrl(t, { scope, code_challenge: challenge }), 'approve', chosen);
  const { body } = await token(t, {
    grant_type: 'authorization_code',
    code: back.searchParams.get('code')!,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
  });
  return { accessToken: body.access_token as string, refreshToken: body.refresh_token as string | undefined };
}

/** Each on a connection of its own, so a test may restart the emulator between two calls. */
const oneShot = new Agent({ pipelining: 0, keepAliveTimeout: 1, keepAliveMaxTimeout: 1 });

export async function call(
  url: string,
  accessToken: string,
  init: { method?: string; json?: unknown; form?: FormData } = {},
) {
  const res = await undiciFetch(url, {
    method: init.method ?? (init.json !== undefined || init.form ? 'POST' : 'GET'),
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : (init.form as never),
    dispatcher: oneShot,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export function segment(bytes: Buffer, index: number) {
  const form = new FormData();
  form.set('segment_index', String(index));
  form.set('media', new Blob([new Uint8Array(bytes)]), 'blob');
  return form;
}

/** initialize → append (segments of `chunk` bytes) → finalize; returns the media id and key. */
export async function uploadVideo(t: TestX, accessToken: string, bytes: Buffer, chunk = 1024 * 1024) {
  const init = await call(t.api('/2/media/upload/initialize'), accessToken, {
    json: { media_type: 'video/mp4', total_bytes: bytes.length, media_category: 'tweet_video' },
  });
  if (init.status !== 200) throw new Error(`initialize ${init.status}: ${JSON.stringify(init.body)}`);
  const id = init.body.data.id as string;
  for (let i = 0; i * chunk < bytes.length; i++) {
    const res = await call(t.api(`/2/media/upload/${id}/append`), accessToken, {
      form: segment(bytes.subarray(i * chunk, (i + 1) * chunk), i),
    });
    if (res.status !== 200) throw new Error(`append ${res.status}: ${JSON.stringify(res.body)}`);
  }
  const fin = await call(t.api(`/2/media/upload/${id}/finalize`), accessToken, { method: 'POST' });
  return { id, mediaKey: init.body.data.media_key as string, finalize: fin };
}

export const status = (t: TestX, accessToken: string, id: string) =>
  call(t.api(`/2/media/upload?command=STATUS&media_id=${id}`), accessToken);
