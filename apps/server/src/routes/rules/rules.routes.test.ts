import type { Rule, RuleList } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser, type ApiClient } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';

const webhookRule = (url: string) => ({
  name: 'Tell the team',
  trigger: 'video.uploaded',
  conditions: [{ field: 'title', op: 'contains', value: 'promo' }],
  actions: [
    { type: 'apply_template', description: '{title} — summer sale', tags: ['promo'] },
    { type: 'webhook', url, secret: 'a-long-secret' },
  ],
});

describe('automation rules API (webhooks to private addresses not allowed)', () => {
  let server: TestServer;
  let owner: ApiClient;
  let stranger: ApiClient;
  let projectId: number;
  let strangerProjectId: number;

  beforeAll(async () => {
    server = await startTestServer();
    const a = await registerUser(server);
    const b = await registerUser(server);
    owner = api(server, a.token);
    stranger = api(server, b.token);
    projectId = (await createProject(server, a.token)).id;
    strangerProjectId = (await createProject(server, b.token)).id;
  });
  afterAll(() => stopTestServer(server));

  it('creates, lists, changes and deletes a rule', async () => {
    const created = await owner.post<{ rule: Rule }>(
      `/api/projects/${projectId}/rules`,
      webhookRule('https://hooks.example.com/fanout'),
    );
    expect(created.status).toBe(201);
    const rule = created.body.rule;
    expect(rule).toMatchObject({
      projectId,
      name: 'Tell the team',
      enabled: true,
      trigger: 'video.uploaded',
      conditions: [{ field: 'title', op: 'contains', value: 'promo' }],
      recentRuns: [],
    });
    expect(rule.actions).toHaveLength(2);

    const list = await owner.get<RuleList>(`/api/projects/${projectId}/rules`);
    expect(list.status).toBe(200);
    expect(list.body.rules.map((r) => r.id)).toEqual([rule.id]);

    const changed = await owner.patch<{ rule: Rule }>(`/api/rules/${rule.id}`, { enabled: false, name: 'Quiet' });
    expect(changed.status).toBe(200);
    expect(changed.body.rule).toMatchObject({ id: rule.id, enabled: false, name: 'Quiet', trigger: 'video.uploaded' });

    expect((await owner.delete(`/api/rules/${rule.id}`)).status).toBe(200);
    expect((await owner.get<RuleList>(`/api/projects/${projectId}/rules`)).body.rules).toEqual([]);
    expect((await owner.delete(`/api/rules/${rule.id}`)).status).toBe(404);
  });

  it("keeps every rule to its owner: another person's project and rules answer 404", async () => {
    const { body } = await owner.post<{ rule: Rule }>(
      `/api/projects/${projectId}/rules`,
      webhookRule('https://hooks.example.com/a'),
    );
    expect((await stranger.get(`/api/projects/${projectId}/rules`)).status).toBe(404);
    expect(
      (await stranger.post(`/api/projects/${projectId}/rules`, webhookRule('https://hooks.example.com/b'))).status,
    ).toBe(404);
    expect((await stranger.patch(`/api/rules/${body.rule.id}`, { enabled: false })).status).toBe(404);
    expect((await stranger.delete(`/api/rules/${body.rule.id}`)).status).toBe(404);
    expect((await stranger.get<RuleList>(`/api/projects/${strangerProjectId}/rules`)).body.rules).toEqual([]);
    expect((await owner.get<RuleList>(`/api/projects/${projectId}/rules`)).body.rules[0]).toMatchObject({
      enabled: true,
    });
  });

  it('refuses bad input with 400 {error, code}', async () => {
    const good = webhookRule('https://hooks.example.com/fanout');
    const bad: unknown[] = [
      { ...good, name: '' },
      { ...good, trigger: 'video.deleted' },
      { ...good, actions: [] },
      { ...good, conditions: [{ field: 'duration', op: 'contains', value: 'long' }] },
      { ...good, conditions: [{ field: 'platform', op: 'equals', value: 'myspace' }] },
      { ...good, actions: [{ type: 'webhook', url: 'ftp://hooks.example.com', secret: 'a-long-secret' }] },
      { ...good, actions: [{ type: 'webhook', url: 'https://hooks.example.com', secret: 'short' }] },
      { ...good, actions: [{ type: 'queue', platforms: ['youtube', 'youtube'] }] },
      { ...good, actions: [{ type: 'apply_template' }] },
      { ...good, id: 4 },
    ];
    for (const body of bad) {
      const res = await owner.post(`/api/projects/${projectId}/rules`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    expect((await owner.patch('/api/rules/1', {})).status).toBe(400);
    expect((await owner.get('/api/projects/abc/rules')).status).toBe(400);
  });

  it('refuses a webhook to this machine or a private network', async () => {
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://localhost/hook',
      'http://[::1]/hook',
      'http://192.168.1.20/hook',
      'http://169.254.169.254/latest',
    ]) {
      const res = await owner.post(`/api/projects/${projectId}/rules`, webhookRule(url));
      expect(res.status, url).toBe(400);
      expect(res.body).toMatchObject({ code: 'webhook_private_address' });
    }
    const { body } = await owner.get<RuleList>(`/api/projects/${projectId}/rules`);
    const patched = await owner.patch(`/api/rules/${body.rules[0]!.id}`, {
      actions: [{ type: 'webhook', url: 'http://10.0.0.8/hook', secret: 'a-long-secret' }],
    });
    expect(patched.status).toBe(400);
  });
});
