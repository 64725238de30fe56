import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const main = path.join(repoRoot, 'apps/server/src/main.ts');

export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** Resolves once a log line carries this message; rejects if the process ends first. */
  logged(message: string): Promise<void>;
}

/**
 * apps/server/src/main.ts in a process of its own (through tsx), or `bundle`, a build of it (as
 * apps/server/dist/main.js), with exactly this environment.
 */
export function spawnServer(env: Record<string, string>, { bundle }: { bundle?: string } = {}): ServerProcess {
  const args = bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', main];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    logged: (message) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!output.includes(`"msg":"${message}"`)) return;
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
        check();
        void exited.then((code) =>
          reject(new Error(`server exited (${code}) before logging "${message}":\n${output}`)),
        );
      }),
  };
}

export { freePort } from './free-port';
