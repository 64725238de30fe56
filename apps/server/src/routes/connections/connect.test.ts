import { PLATFORM_KEYS, type PlatformKey } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmChoosing,
  connectAccount,
  deliverCallback,
  pendingIdOf,
  pendingLocation,
  sandboxEmulator,
  startConnect,
} from '../../../test/connections';
import { control, decideOnAuthorizePage } from '../../../test/emulator';
import { api, createProject, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

/** Platforms whose sandbox connect flow runs end to end. */
const PLATFORMS: PlatformKey[] = ['tiktok', 'youtube', 'reddit', 'instagram', 'x', 'facebook'];

describe('connecting platform accounts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  const connections = async (token: string, projectId: number) => {
    const res = await api(server, token).get(`/api/connections?project_id=${projectId}`);
    expect(res.status).toBe(200);
    return res.body.connections as { platform: string; id: number; [k: string]: unknown }[];
  };

  it('offers every platform in the sandbox when no live credentials are set', async () => {
    const { token } = await registerUser(server);
    const res = await api(server, token).get('/api/platforms');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      platforms: PLATFORM_KEYS.map((platform) => ({ platform, available: true, sandbox: true })),
    });
    expect((await api(server).get('/api/platforms')).status).toBe(401);
  });

  it.each(PLATFORMS)('connects %s through its authorize page and lists the account', async (platform) => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    const url = new URL(await startConnect(server, token, platform, project.id));
    expect(url.origin).toBe(new URL(server.ctx.emulator!.browserUrl).origin);
    const state = [...url.searchParams.entries()].find(([k]) => k === 'state')?.[1];
    expect(state).toMatch(/^[\w-]{40,}$/);

    const back = await decideOnAuthorizePage(url.toString(), 'approve');
    expect(back.pathname).toBe(`/api/oauth/${platform}/callback`);
    // The grant waits for the person who started to confirm it with their own session.
    const location = await deliverCallback(server, back);
    expect(location).toMatch(pendingLocation(platform));
    expect(await connections(token, project.id)).toEqual([]);
    const confirmed = await confirmChoosing(server, token, pendingIdOf(location)!);
    expect(confirmed.status).toBe(200);

    const list = await connections(token, project.id);
    expect(list).toEqual([confirmed.body.connection]);
    expect(list).toEqual([
      {
        id: expect.any(Number),
        projectId: project.id,
        platform,
        accountId: expect.any(String),
        accountName: expect.any(String),
        avatarUrl: expect.stringMatching(/^http/),
        sandbox: true,
        status: 'connected',
        statusReason: null,
        scopes: expect.arrayContaining([expect.any(String)]),
        // A grant of every scope asked for lacks no optional feature.
        missingFeatures: [],
        connectedAt: expect.any(String),
        expiresAt: list[0]!.expiresAt === null ? null : expect.any(String),
      },
    ]);
    expect(list[0]!.accountName).not.toBe('');
    // A grant either ends in the future or never (a Page token).
    if (list[0]!.expiresAt !== null) expect(Date.parse(list[0]!.expiresAt as string)).toBeGreaterThan(Date.now());
    const usable = await api(server, token).get(`/api/connected-platforms?project_id=${project.id}`);
    expect(usable.body).toEqual({ platforms: [platform] });
  });

  it('stores nothing when the person clicks Deny', async () => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    for (const platform of PLATFORMS) {
      const { location, back } = await connectAccount(server, token, platform, project.id, 'deny');
      expect(back.searchParams.get('error')).toBeTruthy();
      expect(location).toBe(`/accounts?error=access_denied&platform=${platform}`);
    }
    expect(await connections(token, project.id)).toEqual([]);
  });

  it('refuses a missing, unknown, reused or other platform state, storing nothing', async () => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    const [platform, other] = PLATFORMS as [PlatformKey, PlatformKey];

    expect(await deliverCallback(server, `/api/oauth/${platform}/callback?code=abc`)).toBe(
      `/accounts?error=invalid_state&platform=${platform}`,
    );
    expect(await deliverCallback(server, `/api/oauth/${platform}/callback?code=abc&state=forged`)).toBe(
      `/accounts?error=invalid_state&platform=${platform}`,
    );
    expect(await deliverCallback(server, `/api/oauth/myspace/callback?code=abc&state=forged`)).toBe(
      '/accounts?error=invalid_state',
    );

    // A state issued for one platform, brought back to another's callback, is spent and refused.
    const approved = await decideOnAuthorizePage(await startConnect(server, token, platform, project.id), 'approve');
    expect(await deliverCallback(server, `/api/oauth/${other}/callback${approved.search}`)).toBe(
      `/accounts?error=invalid_state&platform=${other}`,
    );
    expect(await deliverCallback(server, approved)).toBe(`/accounts?error=invalid_state&platform=${platform}`);
    expect(await connections(token, project.id)).toEqual([]);

    // A state works once.
    const { location, back } = await connectAccount(server, token, platform, project.id);
    expect(location).toMatch(pendingLocation(platform));
    const before = await connections(token, project.id);
    expect(await deliverCallback(server, back)).toBe(`/accounts?error=invalid_state&platform=${platform}`);
    expect(await connections(token, project.id)).toEqual(before);
  });

  it('reports a failed code exchange and keeps what was stored', async () => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    for (const platform of PLATFORMS) {
      const first = await connectAccount(server, token, platform, project.id);
      expect(first.connection).toMatchObject({ platform, status: 'connected' });
      const before = await connections(token, project.id);

      // A fresh state with a code the platform has already redeemed: the exchange is refused.
      const fresh = new URL(await startConnect(server, token, platform, project.id)).searchParams.get('state')!;
      const replay = new URL(first.back);
      replay.searchParams.set('state', fresh);
      expect(await deliverCallback(server, replay)).toBe(`/accounts?error=exchange_failed&platform=${platform}`);

      // A state with no code at all.
      const noCode = new URL(await startConnect(server, token, platform, project.id)).searchParams.get('state')!;
      expect(await deliverCallback(server, `/api/oauth/${platform}/callback?state=${noCode}`)).toBe(
        `/accounts?error=exchange_failed&platform=${platform}`,
      );
      expect(await connections(token, project.id)).toEqual(before);
    }
  });

  it('stores nothing when the platform refuses the account, or its profile cannot be read', async () => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    const emulator = sandboxEmulator(server);
    try {
      // The Page list is where Facebook says whether the person manages a Page to publish as.
      const message = 'This account manages no Page';
      await control.fault(emulator, { platform: 'facebook', kind: 'reject', step: 'accounts', message });
      expect((await connectAccount(server, token, 'facebook', project.id)).location).toBe(
        '/accounts?error=account_unusable&platform=facebook',
      );
      await control.fault(emulator, { platform: 'tiktok', kind: 'server_error', step: 'userinfo' });
      expect((await connectAccount(server, token, 'tiktok', project.id)).location).toBe(
        '/accounts?error=exchange_failed&platform=tiktok',
      );
    } finally {
      await control.clearFaults(emulator);
    }
    expect(await connections(token, project.id)).toEqual([]);
  });

  it('keeps one connection per project and account: connecting the same account again renews it', async () => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    const [platform] = PLATFORMS as [PlatformKey];
    await connectAccount(server, token, platform, project.id);
    const [first] = await connections(token, project.id);
    await connectAccount(server, token, platform, project.id);
    const again = await connections(token, project.id);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ platform, accountId: first!.accountId, status: 'connected' });
    expect(Date.parse(again[0]!.connectedAt as string)).toBeGreaterThanOrEqual(
      Date.parse(first!.connectedAt as string),
    );

    // Another project of the same user has its own.
    const second = await createProject(server, token);
    await connectAccount(server, token, platform, second.id);
    expect(await connections(token, project.id)).toHaveLength(1);
    expect(await connections(token, second.id)).toHaveLength(1);
  });

  it('disconnects an account', async () => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    const [a, b] = PLATFORMS as [PlatformKey, PlatformKey];
    await connectAccount(server, token, a, project.id);
    await connectAccount(server, token, b, project.id);
    const [first] = (await connections(token, project.id)).filter((c) => c.platform === a);
    const res = await api(server, token).delete(`/api/connections/${first!.id}`);
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect((await connections(token, project.id)).map((c) => c.platform)).toEqual([b]);
    expect((await api(server, token).get(`/api/connected-platforms?project_id=${project.id}`)).body).toEqual({
      platforms: [b],
    });
    expect((await api(server, token).delete(`/api/connections/${first!.id}`)).status).toBe(404);
  });

  it('drops the connections of a deleted project', async () => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    await connectAccount(server, token, PLATFORMS[0]!, project.id);
    expect((await api(server, token).delete(`/api/projects/${project.id}`)).status).toBe(200);
    const left = await server.ctx.db
      .selectFrom('platform_connections')
      .select('id')
      .where('project_id', '=', project.id)
      .execute();
    expect(left).toEqual([]);
  });
});
