import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const main = path.resolve(import.meta.dirname, '../src/cli/main.ts');

export interface CliRun {
  child: ChildProcess;
  /** Resolves with the exit code and everything written. */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/** `fanout <argv>` as a process of its own (the sources through tsx), with exactly this environment. */
export function spawnCli(argv: string[], env: Record<string, string>, stdin?: string): CliRun {
  const child = spawn(process.execPath, ['--import', 'tsx', main, ...argv], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  if (stdin !== undefined) child.stdin!.end(stdin);
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>(
    (resolve) => child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}
