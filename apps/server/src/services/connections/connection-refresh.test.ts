import type { PlatformKey } from '@fanout/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount, sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { api, createProject, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { isPlatformError } from '../../platforms/platform-error';
import { refreshConnection, refreshDueConnections } from './connection-refresh.service';
import { openTokens } from './connection-tokens';
import { getPublishingAccount } from './publishing-account.service';

/** Sandbox platforms whose refresh issues a new access token from a refresh token. */
const REFRESHING: PlatformKey[] = ['tiktok', 'youtube', 'reddit', 'x'];

describe('refreshing connections', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));
  afterEach(() => control.clearFaults(sandboxEmulator(server)));

  /** A new user and project with one connection to `platform`; the stored row. */
  async function connected(platform: PlatformKey) {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    const { connection } = await connectAccount(server, token, platform, project.id);
    expect(connection).toMatchObject({ platform, status: 'connected' });
    return { token, project, row: await rowOf(project.id) };
  }
  const rowOf = (projectId: number) =>
    server.ctx.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
  const issued = async (platform: string) =>
    (await control.tokens(sandboxEmulator(server))).items.filter((t) => t.platform === platform);

  it.each(REFRESHING)('renews the %s access token and saves it with its refresh token', async (platform) => {
    const { row } = await connected(platform);
    const before = openTokens(server.ctx.secretBox, row);
    expect(await refreshConnection(server.ctx, row.id)).toBe('refreshed');
    const after = await rowOf(row.project_id);
    const tokens = openTokens(server.ctx.secretBox, after);
    expect(tokens.accessToken).not.toBe(before.accessToken);
    const record = (await issued(platform)).find((t) => t.accessToken === tokens.accessToken);
    expect(record).toBeDefined();
    // The stored refresh token is the one the platform now honours (rotated or kept), and it still works.
    expect(tokens.refreshToken).toBe(record!.refreshToken ?? before.refreshToken);
    expect(after.refresh_lease_id).toBeNull();
    expect(await refreshConnection(server.ctx, row.id)).toBe('refreshed');
  });

  it('saves a rotated refresh token together with its access token', async () => {
    const { row } = await connected('tiktok');
    const before = openTokens(server.ctx.secretBox, row);
    expect(await refreshConnection(server.ctx, row.id)).toBe('refreshed');
    const after = openTokens(server.ctx.secretBox, await rowOf(row.project_id));
    expect(after.refreshToken).toBeTruthy();
    expect(after.refreshToken).not.toBe(before.refreshToken);
    const record = (await issued('tiktok')).find((t) => t.accessToken === after.accessToken);
    expect(record?.refreshToken).toBe(after.refreshToken);
  });

  it("marks a connection whose refresh is refused for good needs_reconnect, with the platform's reason", async () => {
    const { token, project, row } = await connected('tiktok');
    // Someone else uses the refresh token first: the platform rotates it, and ours is dead.
    const adapter = server.ctx.platforms.get('tiktok')!;
    await adapter.refresh(openTokens(server.ctx.secretBox, row));

    expect(await refreshConnection(server.ctx, row.id)).toBe('needs_reconnect');
    const [listed] = (await api(server, token).get(`/api/connections?project_id=${project.id}`)).body.connections;
    expect(listed).toMatchObject({ status: 'needs_reconnect', statusReason: expect.stringMatching(/\w/) });
    expect((await api(server, token).get(`/api/connected-platforms?project_id=${project.id}`)).body).toEqual({
      platforms: [],
    });
    const refused = await getPublishingAccount(server.ctx, row.id).catch((err: unknown) => err);
    expect(isPlatformError(refused) && refused.kind).toBe('disconnected');
    expect(await refreshConnection(server.ctx, row.id)).toBe('gone');

    // Connecting again heals it.
    await connectAccount(server, token, 'tiktok', project.id);
    const [healed] = (await api(server, token).get(`/api/connections?project_id=${project.id}`)).body.connections;
    expect(healed).toMatchObject({ status: 'connected', statusReason: null });
  });

  // Platforms whose emulated rejection envelope is the one their token endpoint sends.
  it.each(['tiktok', 'youtube'] as const)(
    'marks %s needs_reconnect with the message of a rejected refresh',
    async (platform) => {
      const { token, project, row } = await connected(platform);
      const message = `The ${platform} grant was revoked by its owner`;
      await control.fault(sandboxEmulator(server), { platform, kind: 'reject', step: 'token', message });
      expect(await refreshConnection(server.ctx, row.id)).toBe('needs_reconnect');
      const [listed] = (await api(server, token).get(`/api/connections?project_id=${project.id}`)).body.connections;
      expect(listed.status).toBe('needs_reconnect');
      expect(listed.statusReason).toContain(message);
    },
  );

  it('leaves the connection as it was after a passing fault, ready for the next try', async () => {
    const { row } = await connected('youtube');
    await control.fault(sandboxEmulator(server), { platform: 'youtube', kind: 'server_error', step: 'token' });
    expect(await refreshConnection(server.ctx, row.id)).toBe('failed');
    const after = await rowOf(row.project_id);
    expect(after).toMatchObject({
      status: 'connected',
      access_token_enc: row.access_token_enc,
      refresh_token_enc: row.refresh_token_enc,
      refresh_lease_id: null,
      refresh_lease_until: null,
    });
    expect(await refreshConnection(server.ctx, row.id)).toBe('refreshed');
  });

  it.each(REFRESHING)('runs one refresh of a %s connection at a time', async (platform) => {
    const { row } = await connected(platform);
    const before = (await issued(platform)).length;
    const outcomes = await Promise.all([refreshConnection(server.ctx, row.id), refreshConnection(server.ctx, row.id)]);
    expect(outcomes.sort()).toEqual(['busy', 'refreshed']);
    expect((await issued(platform)).length).toBe(before + 1);
  });

  it('refreshes a run-out access token before handing it to publishing', async () => {
    const { row } = await connected('youtube');
    await server.ctx.db
      .updateTable('platform_connections')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', row.id)
      .execute();
    await control.expireTokens(sandboxEmulator(server), 'youtube');
    const { adapter, account } = await getPublishingAccount(server.ctx, row.id);
    expect(adapter.platform).toBe('youtube');
    expect(account.accessToken).not.toBe(openTokens(server.ctx.secretBox, row).accessToken);
    const record = (await issued('youtube')).find((t) => t.accessToken === account.accessToken);
    expect(Date.parse(record!.expiresAt)).toBeGreaterThan(Date.now());
    expect(account).toMatchObject({ accountId: row.account_id, accountName: row.account_name });
  });

  it('keeps a stored refresh token that a new grant of the same account did not replace', async () => {
    const { token, project, row } = await connected('youtube');
    const first = openTokens(server.ctx.secretBox, row);
    expect(first.refreshToken).toBeTruthy();
    // Consent again without asking for offline access: the platform sends an access token only.
    const { connection } = await connectAccount(server, token, 'youtube', project.id, 'approve', (url) =>
      url.searchParams.delete('access_type'),
    );
    expect(connection).toMatchObject({ platform: 'youtube', status: 'connected' });
    const again = openTokens(server.ctx.secretBox, await rowOf(project.id));
    expect(again.accessToken).not.toBe(first.accessToken);
    expect(again.refreshToken).toBe(first.refreshToken);
    expect(await refreshConnection(server.ctx, row.id)).toBe('refreshed');

    // A grant that brings its own refresh token replaces the stored one.
    const tiktok = await connected('tiktok');
    const old = openTokens(server.ctx.secretBox, tiktok.row).refreshToken;
    await connectAccount(server, tiktok.token, 'tiktok', tiktok.project.id);
    const replaced = openTokens(server.ctx.secretBox, await rowOf(tiktok.project.id)).refreshToken;
    expect(replaced).toBeTruthy();
    expect(replaced).not.toBe(old);
  });
});

describe('the refresh job', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it('refreshes the connections whose access ends within 15 minutes, and only those', async () => {
    const { token } = await registerUser(server);
    const soon = await createProject(server, token);
    const later = await createProject(server, token);
    await connectAccount(server, token, 'tiktok', soon.id);
    await connectAccount(server, token, 'tiktok', later.id);
    const rows = () => server.ctx.db.selectFrom('platform_connections').selectAll().orderBy('id').execute();
    const [dueRow, laterRow] = await rows();
    await server.ctx.db
      .updateTable('platform_connections')
      .set({ expires_at: new Date(Date.now() + 5 * 60_000) })
      .where('id', '=', dueRow!.id)
      .execute();

    expect(await refreshDueConnections(server.ctx)).toEqual({ refreshed: 1, failed: 0 });
    const [dueAfter, laterAfter] = await rows();
    expect(dueAfter!.access_token_enc).not.toBe(dueRow!.access_token_enc);
    expect(dueAfter!.expires_at!.getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
    expect(laterAfter!.access_token_enc).toBe(laterRow!.access_token_enc);
    expect(await refreshDueConnections(server.ctx)).toEqual({ refreshed: 0, failed: 0 });
  });
});
