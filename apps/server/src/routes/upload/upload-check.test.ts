import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser, type RegisteredUser } from '../../../test/factories';
import { mediaFixtures, uploadVideo, type MediaFixtures } from '../../../test/fixtures';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

const sha256Of = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describe('GET /api/upload/check: is this file in the project already, asked before sending it', () => {
  let server: TestServer;
  let fx: MediaFixtures;
  let owner: RegisteredUser;
  let projectId: number;
  let firstId: number;
  let size: number;
  let hash: string;
  const check = (token: string, query: string) => api(server, token).get(`/api/upload/check?${query}`);

  beforeAll(async () => {
    fx = mediaFixtures();
    server = await startTestServer();
    owner = await registerUser(server);
    projectId = (await createProject(server, owner.token)).id;
    const first = await uploadVideo(server, owner.token, { file: fx.video, projectId, title: 'Harbour at dawn' });
    firstId = first.body.video.id;
    size = fs.statSync(fx.video).size;
    hash = sha256Of(fx.video);
  });
  afterAll(() => stopTestServer(server));

  it('says whether a video of that size is there, then whether this very file is, with the first copy', async () => {
    expect((await check(owner.token, `project_id=${projectId}&size=${size + 1}`)).body).toEqual({
      sameSize: false,
      duplicate: null,
    });
    expect((await check(owner.token, `project_id=${projectId}&size=${size}`)).body).toEqual({
      sameSize: true,
      duplicate: null,
    });
    const found = await check(owner.token, `project_id=${projectId}&size=${size}&sha256=${hash.toUpperCase()}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ sameSize: true, duplicate: { videoId: firstId, title: 'Harbour at dawn' } });

    // Another file of the same size is no duplicate.
    const other = check(owner.token, `project_id=${projectId}&size=${size}&sha256=${'0'.repeat(64)}`);
    expect((await other).body).toEqual({ sameSize: true, duplicate: null });
  });

  it("tells nothing of another person's or another project's files, whatever the hash", async () => {
    const stranger = await registerUser(server);
    const theirProject = (await createProject(server, stranger.token)).id;
    const query = `size=${size}&sha256=${hash}`;

    const prying = await check(stranger.token, `project_id=${projectId}&${query}`);
    const missing = await check(stranger.token, `project_id=2000000000&${query}`);
    expect(prying.status).toBe(404);
    expect(prying.body).toEqual(missing.body);
    expect((await check(stranger.token, `project_id=${projectId}&size=${size}`)).status).toBe(404);
    expect((await check(stranger.token, `project_id=${theirProject}&${query}`)).body).toEqual({
      sameSize: false,
      duplicate: null,
    });

    // The owner's other project has not got the file either.
    const second = (await createProject(server, owner.token, { name: 'Second' })).id;
    expect((await check(owner.token, `project_id=${second}&${query}`)).body).toEqual({
      sameSize: false,
      duplicate: null,
    });
  });

  it('refuses a malformed question with 400 and an unsigned one with 401', async () => {
    for (const query of [
      `project_id=${projectId}`,
      `project_id=${projectId}&size=-1`,
      `project_id=${projectId}&size=1e3`,
      `project_id=${projectId}&size=99999999999999999`,
      `project_id=${projectId}&size=10&sha256=abc`,
      `project_id=${projectId}&size=10&sha256=${'g'.repeat(64)}`,
      `size=10`,
    ]) {
      const res = await check(owner.token, query);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('validation_failed');
    }
    const anonymous = await fetch(`${server.url}/api/upload/check?project_id=${projectId}&size=${size}`);
    expect(anonymous.status).toBe(401);
  });
});
