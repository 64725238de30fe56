import { ApiError } from '../api/api-error';
import { createFanoutClient, type Connection, type ErrorBody } from '../api/client';
import { resolveLogin } from './config';
import { fromApiError } from './exit-codes';

/** What a command reads and writes: the process's streams and environment (a test passes its own). */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  /** Aborted on Ctrl-C: a command stops cleanly, leaving what can resume. */
  signal: AbortSignal;
}

export interface Ctx extends CliIo {
  json: boolean;
  /** The JSON answer of --json, or the lines in words otherwise. */
  print(result: unknown, words: string | string[]): void;
  login(): Connection;
  /** An API call through the typed client: its data, or a CliError with the API's words and code. */
  call<T>(request: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T>;
}

export function makeCtx(io: CliIo, json: boolean): Ctx {
  return {
    ...io,
    json,
    print(result, words) {
      const text = json ? JSON.stringify(result, null, 2) : [words].flat().join('\n');
      io.stdout.write(text + '\n');
    },
    login: () => resolveLogin(io.env),
    async call(request) {
      let answer;
      try {
        answer = await request;
      } catch (err) {
        throw fromApiError(ApiError.unreachable(resolveLogin(io.env).url, err));
      }
      if (answer.error === undefined && answer.response.ok) return answer.data as never;
      const body = answer.error as ErrorBody | undefined;
      const err =
        body && typeof body.error === 'string'
          ? new ApiError(answer.response.status, body)
          : new ApiError(answer.response.status, {
              error: `The server answered ${answer.response.status}`,
              code: `http_${answer.response.status}`,
            });
      throw fromApiError(err);
    },
  };
}

export const clientOf = (ctx: Ctx) => createFanoutClient(ctx.login());
