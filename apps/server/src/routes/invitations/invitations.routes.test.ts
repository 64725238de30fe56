import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser } from '../../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

/** The body of a captured mail with quoted-printable soft line breaks undone. */
const plain = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
const tokenOf = (url: string) => url.split('/invite/')[1]!;

describe('invitations to a project', () => {
  let server: TestServer;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer({ SMTP_URL: smtp.url, SMTP_FROM: 'Fanout <team@fanout.test>' });
  });
  afterAll(async () => {
    await stopTestServer(server);
    await smtp?.close();
  });

  async function projectWithOwner() {
    const owner = await registerUser(server, { fullName: 'Olivia Owner' });
    const project = await createProject(server, owner.token, { name: 'Client work', initials: 'CW' });
    return { owner, project, as: api(server, owner.token) };
  }
  const invite = (as: ReturnType<typeof api>, projectId: number, email = 'new.person@example.com', role = 'editor') =>
    as.post(`/api/projects/${projectId}/invitations`, { email, role });

  it('makes a single-use link, e-mails it, keeps only its hash, and lets a new account join with the role', async () => {
    const { project, as } = await projectWithOwner();
    const res = await invite(as, project.id, 'Casey.Client@Example.com', 'client');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.emailed).toBe(true);
    const { invitation } = res.body;
    expect(invitation).toMatchObject({ email: 'casey.client@example.com', role: 'client' });
    expect(invitation.url).toMatch(new RegExp(`^${server.ctx.config.publicUrl}/invite/[A-Za-z0-9_-]{43}$`));
    const days = (new Date(invitation.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const mail = smtp.mails.find((m) => m.to.includes('casey.client@example.com'))!;
    expect(plain(mail.raw)).toContain(invitation.url);
    expect(plain(mail.raw)).toMatch(/Olivia Owner invites you to Client work/);

    const token = tokenOf(invitation.url);
    const stored = await server.ctx.db
      .selectFrom('project_invitations')
      .selectAll()
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);

    const listed = await as.get(`/api/projects/${project.id}/invitations`);
    expect(listed.body.invitations).toEqual([
      {
        id: invitation.id,
        email: invitation.email,
        role: 'client',
        expiresAt: invitation.expiresAt,
        createdAt: expect.any(String),
      },
    ]);

    const preview = await api(server).get(`/api/invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      projectName: 'Client work',
      inviterName: 'Olivia Owner',
      role: 'client',
      expiresAt: invitation.expiresAt,
      state: 'pending',
      usable: true,
    });
    expect((await api(server).post(`/api/invitations/${token}/accept`)).status).toBe(401);

    const casey = await registerUser(server, { fullName: 'Casey Client' });
    const joined = await api(server, casey.token).post(`/api/invitations/${token}/accept`);
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body).toEqual({ projectId: project.id, role: 'client' });
    const theirs = (await api(server, casey.token).get('/api/projects')).body;
    expect(theirs.find((p: { id: number }) => p.id === project.id)).toMatchObject({ role: 'client' });

    // Used: once only, by anyone; no longer pending.
    const someoneElse = await registerUser(server);
    const reused = await api(server, someoneElse.token).post(`/api/invitations/${token}/accept`);
    expect(reused.status).toBe(410);
    expect(reused.body.code).toBe('invitation_used');
    expect((await api(server).get(`/api/invitations/${token}`)).body).toMatchObject({ state: 'used', usable: false });
    expect((await as.get(`/api/projects/${project.id}/invitations`)).body.invitations).toEqual([]);
    expect((await api(server, someoneElse.token).get(`/api/projects/${project.id}/members`)).status).toBe(404);
  });

  it('stops a revoked link at once; an invitation of another project cannot be revoked through this one', async () => {
    const { owner, project, as } = await projectWithOwner();
    const { invitation } = (await invite(as, project.id)).body;
    // Someone else's project, and another project of the same owner: neither reaches this invitation.
    const other = await createProject(server, (await registerUser(server)).token, {
      name: 'Elsewhere',
      initials: 'EW',
    });
    expect((await as.delete(`/api/projects/${other.id}/invitations/${invitation.id}`)).status).toBe(404);
    const second = await createProject(server, owner.token, { name: 'Second', initials: 'SE' });
    const wrongProject = await as.delete(`/api/projects/${second.id}/invitations/${invitation.id}`);
    expect(wrongProject.status).toBe(404);
    expect(wrongProject.body.code).toBe('not_found');

    expect((await as.delete(`/api/projects/${project.id}/invitations/${invitation.id}`)).status).toBe(200);
    expect((await as.delete(`/api/projects/${project.id}/invitations/${invitation.id}`)).status).toBe(404);
    const token = tokenOf(invitation.url);
    expect((await api(server).get(`/api/invitations/${token}`)).body).toMatchObject({
      state: 'revoked',
      usable: false,
    });
    const late = await api(server, (await registerUser(server)).token).post(`/api/invitations/${token}/accept`);
    expect(late.status).toBe(410);
    expect(late.body.code).toBe('invitation_revoked');
    expect((await as.get(`/api/projects/${project.id}/invitations`)).body.invitations).toEqual([]);
  });

  it('refuses an expired link, and unknown or malformed ones', async () => {
    const { project, as } = await projectWithOwner();
    const { invitation } = (await invite(as, project.id)).body;
    await server.ctx.db
      .updateTable('project_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', invitation.id)
      .execute();
    const token = tokenOf(invitation.url);
    expect((await api(server).get(`/api/invitations/${token}`)).body).toMatchObject({
      state: 'expired',
      usable: false,
    });
    const user = api(server, (await registerUser(server)).token);
    const res = await user.post(`/api/invitations/${token}/accept`);
    expect(res.status).toBe(410);
    expect(res.body.code).toBe('invitation_expired');
    expect((await as.get(`/api/projects/${project.id}/invitations`)).body.invitations).toEqual([]);

    const unknown = 'A'.repeat(43);
    expect((await api(server).get(`/api/invitations/${unknown}`)).status).toBe(404);
    expect((await user.post(`/api/invitations/${unknown}/accept`)).status).toBe(404);
    expect((await api(server).get(`/api/invitations/not-a-token`)).status).toBe(400);
    expect((await user.post(`/api/invitations/${'x'.repeat(44)}/accept`)).status).toBe(400);
  });

  it('answers 409 to the owner and to members, and leaves the link for its invitee', async () => {
    const { owner, project, as } = await projectWithOwner();
    const member = await registerUser(server);
    await as.post(`/api/projects/${project.id}/members`, { email: member.user.email, role: 'reviewer' });
    const { invitation } = (await invite(as, project.id)).body;
    const token = tokenOf(invitation.url);
    for (const who of [owner, member]) {
      const res = await api(server, who.token).post(`/api/invitations/${token}/accept`);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('already_member');
    }
    const invitee = await registerUser(server);
    expect((await api(server, invitee.token).post(`/api/invitations/${token}/accept`)).status).toBe(200);
  });

  it('lets one of two people racing for one link join', async () => {
    const { project, as } = await projectWithOwner();
    const token = tokenOf((await invite(as, project.id)).body.invitation.url);
    const [a, b] = await Promise.all([registerUser(server), registerUser(server)]);
    const answers = await Promise.all(
      [a, b].map((who) => api(server, who.token).post(`/api/invitations/${token}/accept`)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 410]);
    const members = (await as.get(`/api/projects/${project.id}/members`)).body.members;
    expect(members).toHaveLength(2);
  });

  it('lets only the owner invite, list and revoke; a stranger learns nothing', async () => {
    const { project, as } = await projectWithOwner();
    const { invitation } = (await invite(as, project.id)).body;
    const editor = await registerUser(server);
    await as.post(`/api/projects/${project.id}/members`, { email: editor.user.email, role: 'editor' });
    const asEditor = api(server, editor.token);
    const stranger = api(server, (await registerUser(server)).token);
    for (const who of [asEditor, stranger]) {
      const answers = [
        await invite(who, project.id),
        await who.get(`/api/projects/${project.id}/invitations`),
        await who.delete(`/api/projects/${project.id}/invitations/${invitation.id}`),
      ];
      for (const res of answers) {
        expect(res.status).toBe(who === asEditor ? 403 : 404);
        expect(res.body.code).toBe(who === asEditor ? 'role_forbidden' : 'not_found');
      }
    }
    expect((await as.get(`/api/projects/${project.id}/invitations`)).body.invitations).toHaveLength(1);
    const bad = await invite(as, project.id, 'not an address', 'owner');
    expect(bad.status).toBe(400);
  });

  it('keeps the invitation and says so when the mail cannot be sent', async () => {
    const { project, as } = await projectWithOwner();
    smtp.refuse = true;
    try {
      const res = await invite(as, project.id, 'bounce@example.com');
      expect(res.status).toBe(201);
      expect(res.body.emailed).toBe(false);
      expect(res.body.invitation.url).toContain('/invite/');
      expect((await as.get(`/api/projects/${project.id}/invitations`)).body.invitations).toHaveLength(1);
      const preview = await api(server).get(`/api/invitations/${tokenOf(res.body.invitation.url)}`);
      expect(preview.body.usable).toBe(true);
    } finally {
      smtp.refuse = false;
    }
  });
});

describe('invitation links under load', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(() => stopTestServer(server));

  it('slows down anyone trying links at speed (429 with Retry-After), and sends no mail without SMTP_URL', async () => {
    const owner = await registerUser(server);
    const project = await createProject(server, owner.token);
    const made = await api(server, owner.token).post(`/api/projects/${project.id}/invitations`, {
      email: 'someone@example.com',
      role: 'reviewer',
    });
    expect(made.status).toBe(201);
    expect(made.body.emailed).toBe(false);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<ReturnType<typeof api>['get']>> | undefined;
    for (let i = 0; i < 7; i++) {
      last = await api(server).get(`/api/invitations/${'B'.repeat(42)}${i}`);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 6)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(statuses[6]).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
