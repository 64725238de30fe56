import type { PlatformKey } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount, sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { api, createProject, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { openTokens, sealAccessToken } from '../../services/connections/connection-tokens';

const PLATFORMS: PlatformKey[] = ['tiktok', 'youtube', 'reddit', 'instagram', 'x', 'facebook'];

describe('stored platform tokens', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  /** A new account with a TikTok account connected to a new project, and the connection's stored row. */
  async function connectedTikTok() {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    await connectAccount(server, token, 'tiktok', project.id);
    const row = await server.ctx.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('project_id', '=', project.id)
      .executeTakeFirstOrThrow();
    return { token, project, row };
  }

  it('are sealed in the database and never sent to the browser', async () => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    for (const platform of PLATFORMS) await connectAccount(server, token, platform, project.id);

    const issued = (await control.tokens(sandboxEmulator(server))).items;
    const secrets = issued.flatMap((t) => [t.accessToken, t.refreshToken]).filter((t): t is string => !!t);
    expect(secrets.length).toBeGreaterThanOrEqual(PLATFORMS.length);

    const rows = await server.ctx.db.selectFrom('platform_connections').selectAll().execute();
    expect(rows).toHaveLength(PLATFORMS.length);
    const stored = JSON.stringify(rows);
    for (const secret of secrets) expect(stored).not.toContain(secret);

    // What is stored opens, with the secret key, to the tokens the platform issued.
    for (const row of rows) {
      const opened = openTokens(server.ctx.secretBox, row);
      expect(issued.map((t) => t.accessToken)).toContain(opened.accessToken);
      if (opened.refreshToken) expect(secrets).toContain(opened.refreshToken);
    }

    const listed = JSON.stringify((await api(server, token).get(`/api/connections?project_id=${project.id}`)).body);
    for (const secret of secrets) expect(listed).not.toContain(secret);
  });

  it('will not open when moved to another project, platform or account', async () => {
    const { row } = await connectedTikTok();
    expect(() => openTokens(server.ctx.secretBox, row)).not.toThrow();
    expect(() => openTokens(server.ctx.secretBox, { ...row, project_id: row.project_id + 1 })).toThrow();
    expect(() => openTokens(server.ctx.secretBox, { ...row, platform: 'youtube' })).toThrow();
    expect(() => openTokens(server.ctx.secretBox, { ...row, account_id: 'someone-else' })).toThrow();
    // The access token's seal cannot be passed off as the refresh token's.
    expect(() => openTokens(server.ctx.secretBox, { ...row, refresh_token_enc: row.access_token_enc })).toThrow();
  });

  it('that will not open (the secret key changed) ask for a reconnect, in words, instead of failing the call', async () => {
    const { token, project, row } = await connectedTikTok();
    // A seal made for another project: well formed, but it will not open as this row's.
    const foreign = sealAccessToken(
      server.ctx.secretBox,
      { projectId: project.id + 1, platform: 'tiktok', accountId: row.account_id },
      'x',
    );
    await server.ctx.db
      .updateTable('platform_connections')
      .set({ access_token_enc: foreign })
      .where('id', '=', row.id)
      .execute();

    const res = await api(server, token).get(`/api/connections/${row.id}/publish-options`);
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.code).toBe('needs_reconnect');
    const listed = (await api(server, token).get(`/api/connections?project_id=${project.id}`)).body.connections;
    expect(listed[0]).toMatchObject({ status: 'needs_reconnect' });
    expect(JSON.stringify(listed[0])).toContain('secret key');
  });
});
