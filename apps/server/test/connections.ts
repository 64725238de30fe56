import type { PlatformKey } from '@fanout/contracts';
import { decideOnAuthorizePage } from './emulator';
import { api } from './factories';
import type { TestServer } from './test-server';

/** The emulator the test server started for its sandbox platforms (control API, token lists). */
export function sandboxEmulator(server: TestServer): { url: string } {
  const target = server.ctx.emulator;
  if (!target) throw new Error('the test server runs no emulator');
  return { url: target.apiUrl };
}

/** Follows the platform's redirect to this server's callback, as the browser would, without going further. */
export async function deliverCallback(server: TestServer, back: URL | string): Promise<string> {
  const url = typeof back === 'string' ? new URL(back, server.url) : back;
  const res = await fetch(`${server.url}${url.pathname}${url.search}`, { redirect: 'manual' });
  await res.arrayBuffer();
  if (res.status !== 302) throw new Error(`the callback answered ${res.status}`);
  return res.headers.get('location') ?? '';
}

/** POST /api/connections/:platform/start → the authorize URL. */
export async function startConnect(
  server: TestServer,
  token: string,
  platform: PlatformKey,
  projectId: number,
): Promise<string> {
  const res = await api(server, token).post(`/api/connections/${platform}/start`, { project_id: projectId });
  if (res.status !== 200) throw new Error(`start answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.url as string;
}

/**
 * The whole connect flow: start, the platform's authorize page (Approve or Deny), the callback. Returns
 * where the server sent the browser, and the redirect the platform made (with its code and state).
 */
export async function connectAccount(
  server: TestServer,
  token: string,
  platform: PlatformKey,
  projectId: number,
  decision: 'approve' | 'deny' = 'approve',
  editAuthorizeUrl: (url: URL) => void = () => {},
): Promise<{ location: string; back: URL }> {
  const url = new URL(await startConnect(server, token, platform, projectId));
  editAuthorizeUrl(url);
  const back = await decideOnAuthorizePage(url.toString(), decision);
  return { location: await deliverCallback(server, back), back };
}
