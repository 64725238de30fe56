import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser, type RegisteredUser } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

describe("a project's members", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => stopTestServer(server));

  async function projectWithOwner() {
    const owner = await registerUser(server, { fullName: 'Olivia Owner' });
    const project = await createProject(server, owner.token, { name: 'Client work', initials: 'CW' });
    return { owner, project, as: api(server, owner.token) };
  }
  const add = (as: ReturnType<typeof api>, projectId: number, who: RegisteredUser, role: string) =>
    as.post(`/api/projects/${projectId}/members`, { email: who.user.email.toUpperCase(), role });

  it('lets the owner add people by e-mail with a role; they see the project with their role and the owner', async () => {
    const { project, as, owner } = await projectWithOwner();
    const editor = await registerUser(server, { fullName: 'Eddie Editor' });
    const added = await add(as, project.id, editor, 'editor');
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.member).toMatchObject({ userId: editor.user.id, role: 'editor', name: 'Eddie Editor' });

    const members = await api(server, editor.token).get(`/api/projects/${project.id}/members`);
    expect(members.status).toBe(200);
    expect(members.body.members.map((m: { userId: number; role: string }) => [m.userId, m.role])).toEqual([
      [owner.user.id, 'owner'],
      [editor.user.id, 'editor'],
    ]);

    const theirs = await api(server, editor.token).get('/api/projects');
    const shared = theirs.body.find((p: { id: number }) => p.id === project.id);
    expect(shared).toMatchObject({ name: 'Client work', role: 'editor', ownerName: 'Olivia Owner' });
    // Their own first project is still theirs, and first.
    expect(theirs.body[0]).toMatchObject({ role: 'owner', ownerName: null, user_id: editor.user.id });
  });

  it('refuses an unknown address, the owner, and someone already in it, and changes nothing', async () => {
    const { project, as, owner } = await projectWithOwner();
    const nobody = await as.post(`/api/projects/${project.id}/members`, {
      email: 'nobody-here@example.com',
      role: 'client',
    });
    expect(nobody.status).toBe(404);
    expect(nobody.body.code).toBe('no_account');
    expect((await add(as, project.id, owner, 'editor')).body.code).toBe('already_member');
    const client = await registerUser(server);
    expect((await add(as, project.id, client, 'client')).status).toBe(201);
    const again = await add(as, project.id, client, 'editor');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_member');
    const bad = await as.post(`/api/projects/${project.id}/members`, { email: client.user.email, role: 'owner' });
    expect(bad.status).toBe(400);
    const members = (await as.get(`/api/projects/${project.id}/members`)).body.members;
    expect(members.map((m: { role: string }) => m.role)).toEqual(['owner', 'client']);
  });

  it('lets only the owner change roles and remove people; the owner can be neither changed nor removed', async () => {
    const { project, as, owner } = await projectWithOwner();
    const editor = await registerUser(server);
    const reviewer = await registerUser(server);
    await add(as, project.id, editor, 'editor');
    await add(as, project.id, reviewer, 'reviewer');
    const asEditor = api(server, editor.token);

    const byEditor = await asEditor.patch(`/api/projects/${project.id}/members/${reviewer.user.id}`, {
      role: 'client',
    });
    expect(byEditor.status).toBe(403);
    expect(byEditor.body).toMatchObject({ code: 'role_forbidden', error: expect.stringMatching(/editor/) });
    expect(
      (await asEditor.post(`/api/projects/${project.id}/members`, { email: 'x@example.com', role: 'client' })).status,
    ).toBe(403);
    expect((await asEditor.delete(`/api/projects/${project.id}/members/${reviewer.user.id}`)).status).toBe(403);
    expect((await asEditor.patch(`/api/projects/${project.id}`, { name: 'Mine now' })).status).toBe(403);
    expect((await asEditor.delete(`/api/projects/${project.id}`)).status).toBe(403);

    const demote = await as.patch(`/api/projects/${project.id}/members/${owner.user.id}`, { role: 'editor' });
    expect(demote.body.code).toBe('owner_role');
    expect((await as.delete(`/api/projects/${project.id}/members/${owner.user.id}`)).body.code).toBe('owner_role');

    const changed = await as.patch(`/api/projects/${project.id}/members/${reviewer.user.id}`, { role: 'client' });
    expect(changed.body.member.role).toBe('client');
    expect((await as.delete(`/api/projects/${project.id}/members/${editor.user.id}`)).status).toBe(200);
    // Removed: the project is gone from their list and answers as if it did not exist.
    expect((await asEditor.get('/api/projects')).body.some((p: { id: number }) => p.id === project.id)).toBe(false);
    expect((await asEditor.get(`/api/projects/${project.id}/members`)).status).toBe(404);
  });

  it('lets a member leave; a stranger learns nothing about the project', async () => {
    const { project, as } = await projectWithOwner();
    const client = await registerUser(server);
    await add(as, project.id, client, 'client');
    const stranger = api(server, (await registerUser(server)).token);
    for (const res of [
      await stranger.get(`/api/projects/${project.id}/members`),
      await stranger.post(`/api/projects/${project.id}/members`, { email: client.user.email, role: 'editor' }),
      await stranger.delete(`/api/projects/${project.id}/members/${client.user.id}`),
      await stranger.get(`/api/projects/999999/members`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    expect(
      (await api(server, client.token).delete(`/api/projects/${project.id}/members/${client.user.id}`)).status,
    ).toBe(200);
    expect((await as.get(`/api/projects/${project.id}/members`)).body.members).toHaveLength(1);
  });
});
