import type { FirstSteps } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAccount } from '../../../test/connections';
import { api, createProject, registerUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { addVideo, inMinutes, target, type Owner } from '../posts/posts-test-support';

describe('GET /api/projects/:id/first-steps', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  async function newOwner(): Promise<Owner> {
    const { token, user } = await registerUser(server);
    const project = await createProject(server, token);
    return { token, userId: user.id, projectId: project.id, as: api(server, token) };
  }
  const steps = async (who: Owner, projectId = who.projectId) => {
    const res = await who.as.get<FirstSteps>(`/api/projects/${projectId}/first-steps`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('ticks each step as the project gets a connection, a video and a post', async () => {
    const owner = await newOwner();
    expect(await steps(owner)).toEqual({ connected: false, uploaded: false, posted: false });

    await connectAccount(server, owner.token, 'youtube', owner.projectId);
    expect(await steps(owner)).toEqual({ connected: true, uploaded: false, posted: false });

    const videoId = await addVideo(server, owner);
    expect(await steps(owner)).toEqual({ connected: true, uploaded: true, posted: false });

    const res = await owner.as.post(`/api/videos/${videoId}/posts`, {
      targets: [target('youtube')],
      scheduledAt: inMinutes(60),
    });
    expect(res.status).toBe(201);
    expect(await steps(owner)).toEqual({ connected: true, uploaded: true, posted: true });

    // A post cancelled again leaves nothing published or scheduled.
    expect((await owner.as.delete(`/api/posts/${res.body.posts[0].id}`)).status).toBe(200);
    expect((await steps(owner)).posted).toBe(false);
  });

  it("counts only the project's own things: another project of the same person starts from nothing", async () => {
    const owner = await newOwner();
    await connectAccount(server, owner.token, 'x', owner.projectId);
    await addVideo(server, owner);
    const second = await createProject(server, owner.token, { name: 'Second channel' });
    expect(await steps(owner, second.id)).toEqual({ connected: false, uploaded: false, posted: false });
  });

  it("answers 404 for another account's project, 400 for a bad id, 401 without a session", async () => {
    const owner = await newOwner();
    const stranger = await newOwner();
    await addVideo(server, owner);
    const theirs = await stranger.as.get(`/api/projects/${owner.projectId}/first-steps`);
    expect(theirs).toMatchObject({ status: 404, body: { code: expect.any(String), error: expect.any(String) } });
    expect((await owner.as.get('/api/projects/abc/first-steps')).status).toBe(400);
    expect((await api(server).get(`/api/projects/${owner.projectId}/first-steps`)).status).toBe(401);
  });
});
