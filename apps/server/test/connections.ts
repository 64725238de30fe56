import type { Connection, PlatformKey } from '@fanout/contracts';
import { decideOnAuthorizePage } from './emulator';
import { api, createProject, registerUser, type ApiClient, type ApiResponse } from './factories';
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

/** Where the callback sends the browser once the platform approved: the grant waits, pending, under `id`. */
export const pendingLocation = (platform: PlatformKey) =>
  new RegExp(`^/accounts\\?pending=[\\w-]{43}&platform=${platform}$`);

/** The pending id in the callback's redirect, if it made one. */
export const pendingIdOf = (location: string) =>
  new URLSearchParams(location.split('?')[1]).get('pending') ?? undefined;

/** POST /api/connections/pending/:id/confirm with `token` (a session, or an API token), naming accounts or not. */
export function confirmPending(
  server: TestServer,
  token: string,
  id: string,
  accountIds?: string[],
): Promise<ApiResponse> {
  return api(server, token).post(`/api/connections/pending/${id}/confirm`, accountIds ? { accountIds } : undefined);
}

/**
 * Confirms a pending grant as the Accounts screen does: a grant of several accounts (the sandbox Facebook user
 * manages two Pages) is answered 409 `choose_accounts`, and the person then picks `choose` of the accounts
 * GET /api/connections/pending/:id lists (the first one unless told).
 */
export async function confirmChoosing(
  server: TestServer,
  token: string,
  id: string,
  choose: (accountIds: string[]) => string[] = (ids) => ids.slice(0, 1),
): Promise<ApiResponse> {
  const first = await confirmPending(server, token, id);
  if (first.status !== 409 || first.body.code !== 'choose_accounts') return first;
  const choices = await api(server, token).get(`/api/connections/pending/${id}`);
  if (choices.status !== 200) throw new Error(`pending answered ${choices.status}: ${JSON.stringify(choices.body)}`);
  return confirmPending(
    server,
    token,
    id,
    choose(choices.body.accounts.map((a: { accountId: string }) => a.accountId)),
  );
}

/**
 * The whole connect flow as the person who started it: start, the platform's authorize page (Approve or
 * Deny), the callback, and the confirmation of the pending grant with the same session, as the Accounts
 * screen does. Returns where the callback sent the browser, the redirect the platform made (with its code and
 * state), and the connection made (none when the callback reported an error).
 */
export async function connectAccount(
  server: TestServer,
  token: string,
  platform: PlatformKey,
  projectId: number,
  decision: 'approve' | 'deny' = 'approve',
  editAuthorizeUrl: (url: URL) => void = () => {},
): Promise<{ location: string; back: URL; connection?: Connection }> {
  const url = new URL(await startConnect(server, token, platform, projectId));
  editAuthorizeUrl(url);
  const back = await decideOnAuthorizePage(url.toString(), decision);
  const location = await deliverCallback(server, back);
  const id = pendingIdOf(location);
  if (!id) return { location, back };
  const confirmed = await confirmChoosing(server, token, id);
  if (confirmed.status !== 200)
    throw new Error(`confirm answered ${confirmed.status}: ${JSON.stringify(confirmed.body)}`);
  return { location, back, connection: confirmed.body.connection as Connection };
}

/** A new user's project with these platforms connected through the sandbox emulator; the id of each connection. */
export async function ownerWithConnections(server: TestServer, platforms: readonly PlatformKey[]) {
  const { token, user } = await registerUser(server);
  const project = await createProject(server, token);
  for (const platform of platforms) await connectAccount(server, token, platform, project.id);
  const as: ApiClient = api(server, token);
  const listed = (await as.get(`/api/connections?project_id=${project.id}`)).body.connections as Connection[];
  const ids = Object.fromEntries(listed.map((c) => [c.platform, c.id])) as Record<PlatformKey, number>;
  return { as, token, userId: user.id as number, projectId: project.id as number, ids };
}
