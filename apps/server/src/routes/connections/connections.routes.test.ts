import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount } from '../../../test/connections';
import { api, createProject, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

const PLATFORM = 'tiktok';

describe('connections API: tenants and input', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  it("never shows, starts or deletes on another user's project or connection", async () => {
    const owner = await registerUser(server);
    const stranger = await registerUser(server);
    const project = await createProject(server, owner.token);
    await connectAccount(server, owner.token, PLATFORM, project.id);
    const [connection] = (await api(server, owner.token).get(`/api/connections?project_id=${project.id}`)).body
      .connections;

    const as = api(server, stranger.token);
    const notFound = { error: 'Project not found', code: 'not_found' };
    expect(await as.get(`/api/connections?project_id=${project.id}`)).toMatchObject({ status: 404, body: notFound });
    expect(await as.get(`/api/connected-platforms?project_id=${project.id}`)).toMatchObject({
      status: 404,
      body: notFound,
    });
    expect(await as.post(`/api/connections/${PLATFORM}/start`, { project_id: project.id })).toMatchObject({
      status: 404,
      body: notFound,
    });
    expect(await as.delete(`/api/connections/${connection.id}`)).toMatchObject({
      status: 404,
      body: { error: 'Connection not found', code: 'not_found' },
    });
    const still = await api(server, owner.token).get(`/api/connections?project_id=${project.id}`);
    expect(still.body.connections).toEqual([connection]);
  });

  it('answers bad input with 400 {error, code} and anonymous callers with 401', async () => {
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    const as = api(server, token);
    const invalid = { status: 400, body: { error: expect.any(String), code: 'validation_failed' } };
    expect(await as.post('/api/connections/myspace/start', { project_id: project.id })).toMatchObject(invalid);
    expect(await as.post(`/api/connections/${PLATFORM}/start`, { project_id: 'abc' })).toMatchObject(invalid);
    expect(await as.post(`/api/connections/${PLATFORM}/start`, { project_id: 0 })).toMatchObject(invalid);
    expect(await as.post(`/api/connections/${PLATFORM}/start`, {})).toMatchObject(invalid);
    expect(await as.get('/api/connections?project_id=abc')).toMatchObject(invalid);
    expect(await as.get('/api/connections')).toMatchObject(invalid);
    expect(await as.get('/api/connected-platforms?project_id=-1')).toMatchObject(invalid);
    expect(await as.delete('/api/connections/x1')).toMatchObject(invalid);
    expect(await as.post(`/api/connections/${PLATFORM}/start`, { project_id: 2_000_000_000 })).toMatchObject({
      status: 404,
    });

    const anonymous = api(server);
    expect((await anonymous.get(`/api/connections?project_id=${project.id}`)).status).toBe(401);
    expect((await anonymous.post(`/api/connections/${PLATFORM}/start`, { project_id: project.id })).status).toBe(401);
    expect((await anonymous.delete('/api/connections/1')).status).toBe(401);
  });

  it('documents every connection route in the OpenAPI document', async () => {
    const doc = (await api(server).get('/api/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/connections',
        '/api/connections/{platform}/start',
        '/api/connections/pending/{id}/confirm',
        '/api/connections/{id}',
        '/api/oauth/{platform}/callback',
        '/api/platforms',
        '/api/connected-platforms',
      ]),
    );
    // A redirect, never a 2xx body; the errors every operation may give (400, 500, 503…) are listed too.
    const callback = doc.paths['/api/oauth/{platform}/callback'].get.responses;
    expect(Object.keys(callback).filter((status) => status.startsWith('2') || status.startsWith('3'))).toEqual(['302']);
  });
});

describe('connections without the sandbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      SANDBOX_PLATFORMS: 'false',
      X_CLIENT_ID: 'live-id',
      X_CLIENT_SECRET: 'live-secret',
    });
  });
  afterAll(() => stopTestServer(server));

  it('offers only platforms with live credentials, starts no emulator, and refuses the others', async () => {
    expect(server.ctx.emulator).toBeUndefined();
    const { token } = await registerUser(server);
    const project = await createProject(server, token);
    const availability = await api(server, token).get('/api/platforms');
    expect(availability.body.platforms).toEqual(
      expect.arrayContaining([
        { platform: 'x', available: true, sandbox: false },
        { platform: 'tiktok', available: false, sandbox: false },
      ]),
    );
    expect(availability.body.platforms.filter((p: { available: boolean }) => p.available)).toHaveLength(1);
    expect(await api(server, token).post('/api/connections/tiktok/start', { project_id: project.id })).toMatchObject({
      status: 409,
      body: { error: expect.any(String), code: 'platform_unavailable' },
    });
    // The live platform's authorize page is the real one; it is not opened here.
    const start = await api(server, token).post('/api/connections/x/start', { project_id: project.id });
    expect(new URL(start.body.url).hostname).toMatch(/(^|\.)(x|twitter)\.com$/);
  });
});
