import fs from 'node:fs';
import { CONTRACTS_DIR } from '../../contracts/contracts-dir';
import os from 'node:os';
import path from 'node:path';
import type { PlatformModule } from '../../core/context';
import { startEmulator, type RunningEmulator } from '../../core/server';

/** For the Meta modules' tests: an emulator on loopback with a clock the test moves, over real HTTP. */
export interface TestMeta {
  emu: RunningEmulator;
  dataDir: string;
  clock: { now: number };
  /** `https://<host><path>` as served by this emulator. */
  url(host: string, pathAndQuery: string): string;
  call(
    method: string,
    url: string,
    init?: { headers?: Record<string, string>; body?: RequestInit['body'] },
  ): Promise<Answer>;
  /** Closes and starts again on the same data directory (a restart). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

export async function startMeta(modules: PlatformModule[], dataDir?: string): Promise<TestMeta> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-meta-'));
  const clock = { now: Date.now() };
  const start = () => startEmulator({ dataDir: dir, modules, now: () => clock.now });
  let emu = await start();
  const t: TestMeta = {
    get emu() {
      return emu;
    },
    dataDir: dir,
    clock,
    url: (host, p) => `${emu.url}/${host}${p}`,
    async call(method, url, init = {}) {
      const res = await fetch(url, { method, redirect: 'manual', headers: init.headers, body: init.body });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, headers: res.headers, body, text };
    },
    async restart() {
      await emu.close();
      emu = await start();
    },
    async stop() {
      await emu.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return t;
}

/** Opens an authorize page and clicks a button: the redirect the platform answers. */
/** Opens the authorize page and decides, with `chosen` fields besides the page's own (the account to continue as). */
export async function decide(
  t: TestMeta,
  authorizeUrl: string,
  decision: 'approve' | 'deny',
  chosen: Record<string, string> = {},
): Promise<URL> {
  const page = await t.call('GET', authorizeUrl);
  if (page.status !== 200) throw new Error(`authorize page answered ${page.status}: ${page.text.slice(0, 300)}`);
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(page.text);
  if (!form) throw new Error('no form on the authorize page');
  const fields = new URLSearchParams();
  for (const m of form[2]!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields.set(unescape(m[1]!), unescape(m[2]!));
  fields.set('decision', decision);
  for (const [k, v] of Object.entries(chosen)) fields.set(k, v);
  const answer = await t.call('POST', unescape(form[1]!), {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
  });
  if (answer.status !== 302) throw new Error(`the decision answered ${answer.status}: ${answer.text}`);
  return new URL(answer.headers.get('location')!);
}

const unescape = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

export const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

export async function addFault(
  t: TestMeta,
  fault: { platform: string; kind: string; step?: string; times?: number; message?: string; delayMs?: number },
) {
  const res = await t.call('POST', `${t.emu.url}/_control/faults`, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  if (res.status !== 201) throw new Error(`fault refused: ${res.text}`);
}

export async function published(t: TestMeta) {
  const res = await t.call('GET', `${t.emu.url}/_control/published`);
  return res.body.items as {
    platform: string;
    id: string;
    url: string;
    bytes: number;
    sha256: string;
    caption: string;
  }[];
}

/** Bytes that look like no other test's: a fake video of `size` bytes. */
export function videoBytes(size: number, seed = 7): Buffer {
  const b = Buffer.alloc(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    b[i] = x >>> 24;
  }
  return b;
}

/** Reads a Meta codegen spec of the shared contracts. */
export function metaSpec(name: string): {
  apis: { method: string; endpoint?: string; params?: { name: string; type: string; required: boolean }[] }[];
  fields: { name: string; type: string }[];
} {
  const file = path.join(CONTRACTS_DIR, 'meta', name);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}
