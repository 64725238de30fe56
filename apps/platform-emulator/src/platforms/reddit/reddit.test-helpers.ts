import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { SANDBOX_CLIENT_ID } from '../../core/oauth';
import { startEmulator, type RunningEmulator } from '../../core/server';
import { armFault, pressDecision as decide, publishedItems, SANDBOX_BASIC } from '../../core/test-support';

export { pressDecision as decide } from '../../core/test-support';
import { reddit } from './index';

export const REDIRECT = 'http://127.0.0.1:9/callback';
export const SCOPES = 'identity submit read history';
export const UA = 'web:fanout-tests:0.1.0 (by /u/fanout-tests)';
export const API = 'oauth.reddit.com';
export const BASIC = SANDBOX_BASIC;

export interface Emu extends RunningEmulator {
  dataDir: string;
  clock: { t: number };
}

export async function startReddit(dataDir?: string, clock = { t: Date.now() }): Promise<Emu> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'emu-reddit-'));
  const emu = await startEmulator({ dataDir: dir, port: 0, modules: [reddit], now: () => clock.t });
  return { ...emu, dataDir: dir, clock };
}

export async function stop(emu: Emu) {
  await emu.close();
  fs.rmSync(emu.dataDir, { recursive: true, force: true });
}

export function authorizeUrl(emu: Emu, params: Record<string, string> = {}) {
  const q = new URLSearchParams({
    client_id: SANDBOX_CLIENT_ID,
    response_type: 'code',
    state: 'st-42',
    redirect_uri: REDIRECT,
    duration: 'permanent',
    scope: SCOPES,
    ...params,
  });
  return `${emu.url}/www.reddit.com/api/v1/authorize?${q}`;
}

/** Approve (as the first redditor, or the one `account` names on the page): the code. */
export async function codeFor(emu: Emu, params: Record<string, string> = {}, account?: string) {
  const chosen: Record<string, string> = account ? { account } : {};
  const res = await decide(authorizeUrl(emu, params), 'approve', chosen);
  return new URL(res.headers.get('location')!).searchParams.get('code')!;
}

export interface TokenAnswer {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
  refresh_token?: string;
  error?: string | number;
  message?: string;
}

export async function tokenRequest(emu: Emu, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(`${emu.url}/www.reddit.com/api/v1/access_token`, {
    method: 'POST',
    headers: {
      authorization: BASIC,
      'user-agent': UA,
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, body: (await res.json()) as TokenAnswer };
}

export async function connect(emu: Emu, params: Record<string, string> = {}, account?: string) {
  const code = await codeFor(emu, params, account);
  const res = await tokenRequest(emu, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT });
  if (res.status !== 200 || !res.body.access_token) throw new Error(`token: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A call to oauth.reddit.com; `form` makes it a form POST. */
export async function api(
  emu: Emu,
  token: string,
  pathAndQuery: string,
  form?: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${emu.url}/${API}${pathAndQuery}`, {
    method: form ? 'POST' : 'GET',
    headers: { authorization: `bearer ${token}`, 'user-agent': UA, ...headers },
    body: form ? new URLSearchParams(form) : undefined,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

export interface Lease {
  args: { action: string; fields: { name: string; value: string }[] };
  asset: { asset_id: string; websocket_url: string };
}

export async function lease(emu: Emu, token: string, filepath: string, mimetype: string): Promise<Lease> {
  const res = await api(emu, token, '/api/media/asset.json', { filepath, mimetype });
  if (res.status !== 200) throw new Error(`asset.json: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Lease;
}

/** The multipart POST to the lease's action: its fields (changed by `edit`) and the file. */
export function s3Post(l: Lease, bytes: Buffer, mimetype: string, edit: (f: Map<string, string>) => void = () => {}) {
  const fields = new Map(l.args.fields.map((f) => [f.name, f.value]));
  edit(fields);
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  form.append('file', new Blob([bytes], { type: mimetype }), 'upload');
  const action = l.args.action.startsWith('//') ? `https:${l.args.action}` : l.args.action;
  return fetch(action, { method: 'POST', body: form });
}

export const mediaUrl = (l: Lease) => `${l.args.action}/${l.args.fields.find((f) => f.name === 'key')!.value}`;

/** Uploads a video and its poster; returns their media URLs and the video's lease. */
export async function uploadVideo(emu: Emu, token: string, bytes = randomBytes(300_000)) {
  const video = await lease(emu, token, 'clip.mp4', 'video/mp4');
  const up = await s3Post(video, bytes, 'video/mp4');
  if (up.status !== 201) throw new Error(`s3: ${up.status} ${await up.text()}`);
  const poster = await lease(emu, token, 'clip.jpg', 'image/jpeg');
  if ((await s3Post(poster, randomBytes(2000), 'image/jpeg')).status !== 201) throw new Error('poster upload failed');
  return { bytes, video, url: mediaUrl(video), posterUrl: mediaUrl(poster) };
}

export function submitForm(url: string, posterUrl: string, extra: Record<string, string> = {}) {
  return {
    sr: 'u_fanout_sandbox',
    title: 'A sandbox clip',
    kind: 'video',
    url,
    video_poster_url: posterUrl,
    api_type: 'json',
    ...extra,
  };
}

/** The first message of a websocket. */
export function firstMessage(url: string): Promise<{ type: string; payload: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('message', (data) => {
      resolve(JSON.parse(String(data)));
      ws.close();
    });
    ws.once('error', reject);
  });
}

export async function fault(emu: Emu, f: { kind: string; step?: string; message?: string; delayMs?: number }) {
  await armFault(emu.url, 'reddit', f);
}

export interface PublishedItem {
  platform: string;
  id: string;
  url: string;
  bytes: number;
  sha256: string;
  title: string;
}
export const published = (emu: { url: string }) => publishedItems<PublishedItem>(emu);
