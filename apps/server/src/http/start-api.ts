import type { AppContext } from '../context';
import { buildApp } from './app';

export interface RunningApi {
  app: Awaited<ReturnType<typeof buildApp>>;
  /** Where this process answers, with the port it got (PORT=0 in tests). */
  url: string;
  close(): Promise<void>;
}

/** Makes this process serve the HTTP API (and the web app) on HOST:PORT. */
export async function startApi(ctx: AppContext): Promise<RunningApi> {
  const { config } = ctx;
  const app = await buildApp(ctx);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  return { app, url, close: () => app.close() };
}
