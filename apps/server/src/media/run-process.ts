import { spawn } from 'node:child_process';

export interface RunOptions {
  timeoutMs: number;
  /** stdout beyond this is an error: a probe answer is a few KB, never megabytes. */
  maxStdoutBytes?: number;
}

export interface RunResult {
  exitCode: number | null;
  stdout: string;
  /** The last few KB only: enough to say what went wrong. */
  stderr: string;
}

export class ProcessTimeoutError extends Error {}

const STDERR_TAIL = 8 * 1024;

/** Runs a binary with an argument array (never through a shell) and collects its output. */
export function runProcess(bin: string, args: readonly string[], opts: RunOptions): Promise<RunResult> {
  const maxStdout = opts.maxStdoutBytes ?? 4 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const out: Buffer[] = [];
    let outBytes = 0;
    let stderr = '';
    let failure: Error | undefined;

    const timer = setTimeout(() => {
      failure = new ProcessTimeoutError(`${bin} took longer than ${opts.timeoutMs} ms`);
      child.kill('SIGKILL');
    }, opts.timeoutMs);

    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > maxStdout) {
        failure ??= new Error(`${bin} wrote more than ${maxStdout} bytes`);
        child.kill('SIGKILL');
        return;
      }
      out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      if (failure) reject(failure);
      else resolve({ exitCode, stdout: Buffer.concat(out).toString('utf8'), stderr });
    });
  });
}
