import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser } from '../../../test/factories';
import { rowsCarrying, seedOneOfEach } from '../../../test/project-rows';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import { OWNER_ROWS, PERSONAL_ROWS } from '../../repositories/project-ownership.repository';

const QUOTA = 100_000;

describe('handing a project over', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ STORAGE_QUOTA_BYTES: String(QUOTA) });
  });
  afterAll(() => stopTestServer(server));

  async function sharedProject(role = 'editor') {
    const owner = await registerUser(server, { fullName: 'Olivia Owner' });
    const project = await createProject(server, owner.token, { name: 'Agency work', initials: 'AW' });
    const member = await registerUser(server, { fullName: 'Nina Next' });
    const as = api(server, owner.token);
    await as.post(`/api/projects/${project.id}/members`, { email: member.user.email, role });
    return { owner, project, member, as };
  }
  const carrying = (projectId: number, userId: number) => rowsCarrying(server.ctx.db, projectId, userId, PERSONAL_ROWS);
  const roles = async (as: ReturnType<typeof api>, projectId: number) =>
    Object.fromEntries(
      (await as.get(`/api/projects/${projectId}/members`)).body.members.map((m: { name: string; role: string }) => [
        m.name,
        m.role,
      ]),
    );

  it('moves the project and every row of it to the member in one step; the old owner stays as an editor', async () => {
    const { owner, project, member, as } = await sharedProject();
    await seedOneOfEach(server.ctx.db, { userId: owner.user.id, projectId: project.id }, 2048);
    // The old owner's other project stays theirs, rows and all.
    const other = await createProject(server, owner.token, { name: 'Mine', initials: 'MI' });
    await seedOneOfEach(server.ctx.db, { userId: owner.user.id, projectId: other.id });
    const before = await carrying(project.id, owner.user.id);
    // Every table that carries the owner's id is moved by the handover, and each had a row to move.
    expect(Object.keys(before).sort()).toEqual([...OWNER_ROWS, 'video_captions'].sort());
    expect(Object.values(before).every((n) => n >= 1)).toBe(true);
    const storageBefore = (await as.get('/api/used-storage')).body.used_storage;

    const res = await as.post(`/api/projects/${project.id}/owner`, {
      userId: member.user.id,
      password: owner.password,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['Nina Next', 'owner'],
      ['Olivia Owner', 'editor'],
    ]);

    const left = await carrying(project.id, owner.user.id);
    expect(left).toEqual(Object.fromEntries(Object.keys(before).map((t) => [t, 0])));
    expect(await carrying(project.id, member.user.id)).toEqual(before);
    expect(Object.values(await carrying(other.id, owner.user.id)).every((n) => n >= 1)).toBe(true);

    // The storage now counts against the new owner; the new owner manages it, the old one no longer can.
    expect((await as.get('/api/used-storage')).body.used_storage).toBeLessThan(storageBefore);
    expect((await api(server, member.token).get('/api/used-storage')).body.used_storage).toBeGreaterThanOrEqual(2048);
    const theirs = (await api(server, member.token).get('/api/projects')).body;
    expect(theirs.find((p: { id: number }) => p.id === project.id)).toMatchObject({ role: 'owner' });
    expect((await as.get('/api/projects')).body.find((p: { id: number }) => p.id === project.id)).toMatchObject({
      role: 'editor',
    });
    const again = await as.post(`/api/projects/${project.id}/owner`, {
      userId: member.user.id,
      password: owner.password,
    });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('role_forbidden');
  });

  it('asks for the right password and moves nothing without it', async () => {
    const { owner, project, member, as } = await sharedProject();
    await seedOneOfEach(server.ctx.db, { userId: owner.user.id, projectId: project.id });
    const before = await carrying(project.id, owner.user.id);
    const res = await as.post(`/api/projects/${project.id}/owner`, { userId: member.user.id, password: 'wrong one' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('invalid_password');
    expect(await carrying(project.id, owner.user.id)).toEqual(before);
    expect(await roles(as, project.id)).toEqual({ 'Olivia Owner': 'owner', 'Nina Next': 'editor' });
  });

  it("refuses when the new owner's storage cannot hold the project, and moves nothing", async () => {
    const { owner, project, member, as } = await sharedProject('client');
    await seedOneOfEach(server.ctx.db, { userId: owner.user.id, projectId: project.id }, QUOTA / 2);
    const theirOwn = (await api(server, member.token).get('/api/projects')).body[0];
    await seedOneOfEach(server.ctx.db, { userId: member.user.id, projectId: theirOwn.id }, QUOTA / 2);
    const before = await carrying(project.id, owner.user.id);

    const res = await as.post(`/api/projects/${project.id}/owner`, {
      userId: member.user.id,
      password: owner.password,
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('quota_exceeded');
    expect(await carrying(project.id, owner.user.id)).toEqual(before);
    expect(Object.values(await carrying(project.id, member.user.id)).every((n) => n === 0)).toBe(true);
    expect(await roles(as, project.id)).toEqual({ 'Olivia Owner': 'owner', 'Nina Next': 'client' });
  });

  it('hands over only to a member, only by the owner; strangers learn nothing', async () => {
    const { owner, project, member, as } = await sharedProject();
    const outsider = await registerUser(server);
    const toOutsider = await as.post(`/api/projects/${project.id}/owner`, {
      userId: outsider.user.id,
      password: owner.password,
    });
    expect(toOutsider.status).toBe(404);
    expect(toOutsider.body.code).toBe('not_a_member');
    const toSelf = await as.post(`/api/projects/${project.id}/owner`, {
      userId: owner.user.id,
      password: owner.password,
    });
    expect(toSelf.body.code).toBe('owner_role');

    const byMember = await api(server, member.token).post(`/api/projects/${project.id}/owner`, {
      userId: member.user.id,
      password: member.password,
    });
    expect(byMember.status).toBe(403);
    expect(byMember.body.code).toBe('role_forbidden');
    const byStranger = await api(server, outsider.token).post(`/api/projects/${project.id}/owner`, {
      userId: outsider.user.id,
      password: outsider.password,
    });
    expect(byStranger.status).toBe(404);
    expect(byStranger.body.code).toBe('not_found');
    const bad = await as.post(`/api/projects/${project.id}/owner`, { userId: 'me', password: owner.password });
    expect(bad.status).toBe(400);
    expect(await roles(as, project.id)).toEqual({ 'Olivia Owner': 'owner', 'Nina Next': 'editor' });
  });
});
