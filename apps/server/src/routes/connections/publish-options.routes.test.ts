import type { PlatformKey } from '@fanout/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithConnections, sandboxEmulator } from '../../../test/connections';
import { control } from '../../../test/emulator';
import { api, type ApiClient } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

describe('GET /api/connections/:id/publish-options', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterEach(() => control.clearFaults(sandboxEmulator(server)));
  afterAll(() => stopTestServer(server));

  /** A new user's project with these platforms connected; the id of each connection. */
  async function ownerWith(platforms: PlatformKey[]) {
    const { as, ids, projectId } = await ownerWithConnections(server, platforms);
    return { as, ids, projectId };
  }

  const optionsOf = (as: ApiClient, id: number) => as.get(`/api/connections/${id}/publish-options`);

  it("gives the TikTok account's own choices from creator_info, and nothing for a platform without any", async () => {
    const owner = await ownerWith(['tiktok', 'youtube']);
    const tiktok = await optionsOf(owner.as, owner.ids.tiktok);
    expect(tiktok.status).toBe(200);
    expect(tiktok.body).toEqual({
      platform: 'tiktok',
      options: {
        privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
        maxDurationSeconds: 600,
        commentDisabled: false,
        duetDisabled: false,
        stitchDisabled: true,
        creatorUsername: 'fanout.sandbox',
        creatorNickname: 'Fanout Sandbox',
      },
    });

    expect(await optionsOf(owner.as, owner.ids.youtube)).toMatchObject({
      status: 200,
      body: { platform: 'youtube', options: {} },
    });
  });

  it("answers another user's connection, an unknown one, a bad id and an anonymous caller as the API does", async () => {
    const owner = await ownerWith(['tiktok']);
    const stranger = await ownerWith(['tiktok']);
    const notFound = { status: 404, body: { error: 'Connection not found', code: 'not_found' } };
    expect(await optionsOf(stranger.as, owner.ids.tiktok)).toMatchObject(notFound);
    expect(await optionsOf(owner.as, 2_000_000_000)).toMatchObject(notFound);
    expect(await owner.as.get('/api/connections/abc/publish-options')).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    expect(await optionsOf(api(server), owner.ids.tiktok)).toMatchObject({ status: 401 });
    // The stranger's own connection still answers them.
    expect((await optionsOf(stranger.as, stranger.ids.tiktok)).status).toBe(200);
  });

  it("answers 502 platform_unavailable with the platform's own words when TikTok refuses or fails", async () => {
    const owner = await ownerWith(['tiktok']);
    const emulator = sandboxEmulator(server);
    await control.fault(emulator, {
      platform: 'tiktok',
      kind: 'reject',
      step: 'creator_info',
      message: 'Posting is paused for this creator',
    });
    const refused = await optionsOf(owner.as, owner.ids.tiktok);
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({
      error: expect.stringContaining('Posting is paused for this creator'),
      code: 'platform_unavailable',
    });
    expect(refused.body.error).toMatch(/^TikTok /);

    await control.fault(emulator, { platform: 'tiktok', kind: 'rate_limit', step: 'creator_info', delayMs: 30_000 });
    const limited = await optionsOf(owner.as, owner.ids.tiktok);
    expect(limited).toMatchObject({ status: 502, body: { code: 'platform_unavailable' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    await control.fault(emulator, { platform: 'tiktok', kind: 'server_error', step: 'creator_info' });
    expect(await optionsOf(owner.as, owner.ids.tiktok)).toMatchObject({
      status: 502,
      body: { code: 'platform_unavailable' },
    });

    // Once TikTok answers again, so does the endpoint.
    expect((await optionsOf(owner.as, owner.ids.tiktok)).status).toBe(200);
  });

  it('renews a token TikTok no longer accepts once, then asks again', async () => {
    const owner = await ownerWith(['tiktok']);
    const emulator = sandboxEmulator(server);
    const tokensBefore = (await control.tokens(emulator)).items.filter((t) => t.platform === 'tiktok').length;
    await control.fault(emulator, { platform: 'tiktok', kind: 'token_expired', step: 'creator_info' });
    const answer = await optionsOf(owner.as, owner.ids.tiktok);
    expect(answer.status).toBe(200);
    expect(answer.body.options.privacyLevelOptions).toContain('SELF_ONLY');
    const tokensAfter = (await control.tokens(emulator)).items.filter((t) => t.platform === 'tiktok').length;
    expect(tokensAfter).toBeGreaterThan(tokensBefore);
  });

  it('answers 409 needs_reconnect with the reason when the account must be connected again', async () => {
    const owner = await ownerWith(['tiktok']);
    await server.ctx.db
      .updateTable('platform_connections')
      .set({ status: 'needs_reconnect', status_reason: 'The grant was revoked' })
      .where('id', '=', owner.ids.tiktok)
      .execute();
    expect(await optionsOf(owner.as, owner.ids.tiktok)).toMatchObject({
      status: 409,
      body: { error: 'Reconnect TikTok on the Accounts screen first: The grant was revoked', code: 'needs_reconnect' },
    });
  });

  it('is described in the OpenAPI document with its answers', async () => {
    const doc = (await api(server).get('/api/openapi.json')).body;
    const operation = doc.paths['/api/connections/{id}/publish-options'].get;
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '404', '409', '502']));
  });

  it('answers at most 20 calls a minute per person, then 429 with Retry-After', async () => {
    const owner = await ownerWith(['tiktok']);
    const other = await ownerWith(['tiktok']);
    for (let i = 0; i < 20; i++) expect((await optionsOf(owner.as, owner.ids.tiktok)).status).toBe(200);
    const refused = await optionsOf(owner.as, owner.ids.tiktok);
    const wait = Number(refused.headers.get('retry-after'));
    expect(refused).toMatchObject({
      status: 429,
      body: {
        error: `Your accounts' publishing choices were asked for 20 times in the last minute; try again in ${wait} s.`,
        code: 'too_many_option_checks',
      },
    });
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    // Another person's calls are theirs, and a stranger's tries at this connection spend only their own.
    expect((await optionsOf(other.as, other.ids.tiktok)).status).toBe(200);
    expect((await optionsOf(other.as, owner.ids.tiktok)).status).toBe(404);
  });
});
