import type { Config } from './config/env';
import type { AppContext } from './context';
import { startApi, type RunningApi } from './http/start-api';
import { startWorker } from './jobs/start-worker';
import { openRuntime } from './runtime';

export interface RunningProcess {
  ctx: AppContext;
  /** The HTTP API, unless this process is a worker only. */
  api?: RunningApi;
  close(): Promise<void>;
}

export interface RunningServer {
  ctx: AppContext;
  app: RunningApi['app'];
  url: string;
  close(): Promise<void>;
}

/** Starts what ROLE asks for: the HTTP API, the job workers, or both (ROLE=all). Used by main.ts. */
export async function startProcess(config: Config): Promise<RunningProcess> {
  const runtime = await openRuntime(config);
  let api: RunningApi | undefined;
  const close = async () => {
    // Requests under way finish first (they may send jobs); then the workers stop and the database closes.
    await api?.close();
    await runtime.close();
  };
  try {
    // Before listening, as the start-up jobs (the upload sweep) ran before the API answered when it was one timer.
    if (config.role !== 'api') await startWorker(runtime.ctx);
    if (config.role !== 'worker') api = await startApi(runtime.ctx);
  } catch (err) {
    await close();
    throw err;
  }
  let closing: Promise<void> | undefined;
  return { ctx: runtime.ctx, api, close: () => (closing ??= close()) };
}

/** A server that answers HTTP: with ROLE=all (the default) also its workers. Used by the tests and scripts. */
export async function startServer(config: Config): Promise<RunningServer> {
  const running = await startProcess(config);
  if (!running.api) {
    await running.close();
    throw new Error('startServer needs a role that serves HTTP; start a worker with startProcess');
  }
  return { ctx: running.ctx, app: running.api.app, url: running.api.url, close: running.close };
}
