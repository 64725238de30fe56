import { spawn } from 'node:child_process';
import os from 'node:os';

export interface RunOptions {
  timeoutMs: number;
  /** stdout beyond this is an error: a probe answer is a few KB, never megabytes. */
  maxStdoutBytes?: number;
  /** Aborting kills the process (SIGKILL); the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Hands stdout over as it arrives instead of collecting it (a render's `-progress` lines). */
  onStdout?: (text: string) => void;
  /**
   * Run it at a lower CPU priority (nice 10): background work, such as a copy's render, that would otherwise
   * take every core from the requests a person is waiting on (a cover's still, an upload's probe, the API).
   */
  background?: boolean;
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
    if (opts.background && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, 10);
      } catch {
        // A platform that cannot lower it runs it at the usual priority: slower for others, never wrong.
      }
    }
    const out: Buffer[] = [];
    let outBytes = 0;
    let stderr = '';
    let failure: Error | undefined;

    const timer = setTimeout(() => {
      failure = new ProcessTimeoutError(`${bin} took longer than ${opts.timeoutMs} ms`);
      child.kill('SIGKILL');
    }, opts.timeoutMs);
    const onAbort = () => {
      failure ??= opts.signal?.reason instanceof Error ? opts.signal.reason : new Error(`${bin} was stopped`);
      child.kill('SIGKILL');
    };
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    };

    child.stdout.on('data', (chunk: Buffer) => {
      if (opts.onStdout) return opts.onStdout(chunk.toString('utf8'));
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
      settle();
      reject(err);
    });
    child.on('close', (exitCode) => {
      settle();
      if (failure) reject(failure);
      else resolve({ exitCode, stdout: Buffer.concat(out).toString('utf8'), stderr });
    });
  });
}
