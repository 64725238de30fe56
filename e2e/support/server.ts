import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { freePort } from '../../apps/server/test/free-port';
import { databaseTemplate } from './database-template';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_BUNDLE = path.join(REPO_ROOT, 'apps/server/dist/main.js');
const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
const WEB_INDEX = path.join(WEB_DIST, 'index.html');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export interface E2eServer {
  /** Origin the browser uses. `localhost` (not 127.0.0.1) so that WebAuthn accepts it as a secure context. */
  origin: string;
  /** Same server for calls from the test process, by IP so no name lookup can pick another interface. */
  apiBase: string;
  /** The sandbox's platform emulator the server started, for its control API (`/_control/...`). */
  emulatorUrl: string;
  /** Error-level log lines (pino level >= 50) written so far. */
  errorLogs(): string[];
  stop(): Promise<void>;
}

function assertBuilt() {
  const missing = [SERVER_BUNDLE, WEB_INDEX].filter((file) => !fs.existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `The end-to-end tests run the built app, but ${missing.map((f) => path.relative(REPO_ROOT, f)).join(' and ')} ` +
        'is missing. Run `npm run build` first (`npm test` does it for you).',
    );
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitForHealth(apiBase: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let stopped = false;
  void exited(child).then(() => (stopped = true));
  while (Date.now() < deadline) {
    if (stopped) throw new Error(`The server exited during start-up (code ${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${apiBase}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer /api/health within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

/**
 * Extra environment for the server: fixed values, or made from the origin the server will have (its port is
 * chosen at start), for settings that must name it, such as an identity provider's redirect URI.
 */
export type ServerEnv =
  Record<string, string> | ((origin: string) => Record<string, string> | Promise<Record<string, string>>);

/**
 * One key for every server of the browser tests: the database template is made by a real start, which stores
 * its key's check value, and a server started on a copy of it with another key would refuse to start. A test
 * key, for throw-away data only.
 */
const E2E_SECRET_KEY = createHash('sha256').update('fanout browser tests').digest('base64');

const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

interface Launched {
  origin: string;
  apiBase: string;
  emulatorUrl: string;
  errors: string[];
  stop(): Promise<void>;
}

/** Starts the server bundle on `dataDir` and waits until /api/health answers. */
async function launch(dataDir: string, env: ServerEnv): Promise<Launched> {
  const port = await freePort();
  const emulatorPort = await freePort();
  const origin = `http://localhost:${port}`;
  const apiBase = `http://127.0.0.1:${port}`;
  const extra = typeof env === 'function' ? await env(origin) : env;
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: dataDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? dataDir,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      // The sandbox's platform emulator, started by the server, on a port of its own.
      EMULATOR_PORT: String(emulatorPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SECRET_KEY: E2E_SECRET_KEY,
      // Every test signs up and signs in from the same address.
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      AUTH_MAX_FAILURES_PER_IP: '100000',
      // The browser tests watch copies being made, not x264's compression: its fastest preset makes the same
      // sizes and codecs at a fraction of the CPU, which the server tiers running beside them share.
      RENDER_PRESET: 'ultrafast',
      ...extra,
    },
  });
  running.add(child);

  let output = '';
  const errors: string[] = [];
  const collect = (line: string) => {
    output += `${line}\n`;
    try {
      if (((JSON.parse(line) as { level?: number }).level ?? 0) >= 50) errors.push(line);
    } catch {
      // Not a JSON log line (a crash trace, say): kept in `output` for start-up failures.
    }
  };
  readline.createInterface({ input: child.stdout! }).on('line', collect);
  readline.createInterface({ input: child.stderr! }).on('line', collect);

  const stop = async () => {
    if (!running.delete(child)) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited(child);
    clearTimeout(timer);
  };

  try {
    await waitForHealth(apiBase, child, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, apiBase, emulatorUrl: `http://127.0.0.1:${emulatorPort}`, errors, stop };
}

/** The real server bundle as a child process, on a free loopback port with a fresh data dir (embedded PGlite). */
export async function startServer(extraEnv: ServerEnv = {}): Promise<E2eServer> {
  assertBuilt();
  const template = await databaseTemplate(SERVER_BUNDLE, async (dir) => (await launch(dir, {})).stop());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanout-e2e-'));
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    fs.cpSync(template, path.join(dataDir, 'db'), { recursive: true });
    // A copy of the web build, so a rebuild while the tests run cannot pull chunks from under the page.
    const webDir = path.join(dataDir, 'web');
    fs.cpSync(WEB_DIST, webDir, { recursive: true });
    const server = await launch(dataDir, async (origin) => ({
      WEB_DIST_DIR: webDir,
      ...(typeof extraEnv === 'function' ? await extraEnv(origin) : extraEnv),
    }));
    return {
      origin: server.origin,
      apiBase: server.apiBase,
      emulatorUrl: server.emulatorUrl,
      errorLogs: () => [...server.errors],
      stop: async () => {
        await server.stop();
        removeDataDir();
      },
    };
  } catch (err) {
    removeDataDir();
    throw err;
  }
}
