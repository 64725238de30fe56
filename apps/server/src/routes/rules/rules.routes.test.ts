import { MAX_RULES_PER_PROJECT, type Rule, type RuleList } from '@fanout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createProject, registerUser, type ApiClient } from '../../../test/factories';
import { startTestServer, stopTestServer, type TestServer } from '../../../test/test-server';
import type { StoredWebhookAction } from '../../db/rules.schema';
import { openWebhookSecret } from '../../services/rules/webhook-secrets';

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
  let ownerToken: string;
  let stranger: ApiClient;
  let projectId: number;
  let strangerProjectId: number;

  /** The rule's webhooks as stored, and the secret each one opens to. */
  async function storedWebhooks(ruleId: number) {
    const row = await server.ctx.db
      .selectFrom('automation_rules')
      .selectAll()
      .where('id', '=', ruleId)
      .executeTakeFirstOrThrow();
    const webhooks = row.actions.filter((a): a is StoredWebhookAction => a.type === 'webhook');
    return {
      text: JSON.stringify(row.actions),
      secrets: webhooks.map((w) => openWebhookSecret(server.ctx.secretBox, ruleId, w)),
    };
  }

  beforeAll(async () => {
    server = await startTestServer();
    const a = await registerUser(server);
    ownerToken = a.token;
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

  it('never answers a webhook secret: not to the owner, a read token or another account, nor keeps it readable', async () => {
    const secret = 'the-receivers-own-secret';
    const created = await owner.post<{ rule: Rule }>(`/api/projects/${projectId}/rules`, {
      ...webhookRule('https://hooks.example.com/secret'),
      actions: [{ type: 'webhook', url: 'https://hooks.example.com/secret', secret }],
    });
    expect(created.status).toBe(201);
    const id = created.body.rule.id;
    expect(created.body.rule.actions).toEqual([
      {
        type: 'webhook',
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        url: 'https://hooks.example.com/secret',
        secretSet: true,
      },
    ]);
    const token = await api(server, ownerToken).post<{ secret: string }>('/api/auth/tokens', {
      name: 'dashboard',
      scopes: ['read'],
    });
    const reader = api(server, token.body.secret);
    const answers = [
      created,
      await owner.get(`/api/projects/${projectId}/rules`),
      await reader.get(`/api/projects/${projectId}/rules`),
      await owner.patch(`/api/rules/${id}`, { name: 'Renamed' }),
      await reader.patch(`/api/rules/${id}`, { name: 'Stolen' }),
      await stranger.get(`/api/projects/${projectId}/rules`),
      await stranger.patch(`/api/rules/${id}`, { name: 'Mine now' }),
      await owner.get(`/api/activity?project_id=${projectId}`),
      await owner.get('/api/openapi.json'),
    ];
    expect(answers.map((a) => a.status)).toEqual([201, 200, 200, 200, 403, 404, 404, 200, 200]);
    for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain(secret);
    // Sealed in the database, bound to its rule: it opens for that rule's deliveries only.
    const stored = await storedWebhooks(id);
    expect(stored.text).not.toContain(secret);
    expect(stored.secrets).toEqual([secret]);
    const sealed = (
      await server.ctx.db
        .selectFrom('automation_rules')
        .select('actions')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).actions[0] as StoredWebhookAction;
    expect(() => openWebhookSecret(server.ctx.secretBox, id + 1, sealed)).toThrow();
  });

  it('keeps a secret that a PATCH leaves out, replaces one it sends, and needs one for a new webhook', async () => {
    const created = await owner.post<{ rule: Rule }>(
      `/api/projects/${projectId}/rules`,
      webhookRule('https://hooks.example.com/keep'),
    );
    const id = created.body.rule.id;
    const webhookId = (created.body.rule.actions[1] as { id: string }).id;
    const template = webhookRule('').actions[0];

    const moved = await owner.patch<{ rule: Rule }>(`/api/rules/${id}`, {
      actions: [{ type: 'webhook', id: webhookId, url: 'https://hooks.example.com/moved' }, template],
    });
    expect(moved.status).toBe(200);
    expect(moved.body.rule.actions[0]).toEqual({
      type: 'webhook',
      id: webhookId,
      url: 'https://hooks.example.com/moved',
      secretSet: true,
    });
    expect((await storedWebhooks(id)).secrets).toEqual(['a-long-secret']);

    const replaced = await owner.patch(`/api/rules/${id}`, {
      actions: [{ type: 'webhook', id: webhookId, url: 'https://hooks.example.com/moved', secret: 'a-new-secret' }],
    });
    expect(replaced.status).toBe(200);
    expect((await storedWebhooks(id)).secrets).toEqual(['a-new-secret']);

    const other = await owner.post<{ rule: Rule }>(
      `/api/projects/${projectId}/rules`,
      webhookRule('https://hooks.example.com/other'),
    );
    const othersWebhook = (other.body.rule.actions[1] as { id: string }).id;
    for (const [actions, code] of [
      [[{ type: 'webhook', url: 'https://hooks.example.com/new' }], 'validation_failed'],
      [[{ type: 'webhook', id: othersWebhook, url: 'https://hooks.example.com/x' }], 'unknown_webhook'],
      [[{ type: 'webhook', id: crypto.randomUUID(), url: 'https://hooks.example.com/x' }], 'unknown_webhook'],
      [
        [
          { type: 'webhook', id: webhookId, url: 'https://hooks.example.com/a' },
          { type: 'webhook', id: webhookId, url: 'https://hooks.example.com/b' },
        ],
        'unknown_webhook',
      ],
    ] as const) {
      const res = await owner.patch(`/api/rules/${id}`, { actions });
      expect(res.status, JSON.stringify(actions)).toBe(400);
      expect(res.body).toMatchObject({ code: expect.any(String) });
      if (code === 'unknown_webhook') expect(res.body.code).toBe(code);
    }
    expect(
      (
        await owner.post(`/api/projects/${projectId}/rules`, {
          ...webhookRule('https://hooks.example.com/y'),
          actions: [{ type: 'webhook', id: webhookId, url: 'https://hooks.example.com/y' }],
        })
      ).body,
    ).toMatchObject({ code: 'unknown_webhook' });
    expect((await storedWebhooks(id)).secrets).toEqual(['a-new-secret']);

    const added = await owner.patch<{ rule: Rule }>(`/api/rules/${id}`, {
      actions: [
        { type: 'webhook', id: webhookId, url: 'https://hooks.example.com/moved' },
        { type: 'webhook', url: 'https://hooks.example.com/second', secret: 'second-secret' },
      ],
    });
    expect(added.status).toBe(200);
    expect((await storedWebhooks(id)).secrets).toEqual(['a-new-secret', 'second-secret']);
  });

  it(`takes at most ${MAX_RULES_PER_PROJECT} rules per project; one that had more before keeps them working`, async () => {
    const full = await createProject(server, ownerToken, { name: 'Full' });
    const rule = { ...webhookRule('https://hooks.example.com/n'), actions: [{ type: 'queue', platforms: ['x'] }] };
    for (let i = 0; i < MAX_RULES_PER_PROJECT; i++) {
      expect((await owner.post(`/api/projects/${full.id}/rules`, rule)).status).toBe(201);
    }
    const refused = await owner.post(`/api/projects/${full.id}/rules`, rule);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'too_many_rules', error: expect.stringContaining('50 rules') });
    expect((await owner.post(`/api/projects/${projectId}/rules`, rule)).status).toBe(201);

    // Rules made before the limit (written here directly) stay listed and can be changed; none can be added.
    const [first] = (await owner.get<RuleList>(`/api/projects/${full.id}/rules`)).body.rules;
    const row = await server.ctx.db
      .selectFrom('automation_rules')
      .selectAll()
      .where('id', '=', first!.id)
      .executeTakeFirstOrThrow();
    await server.ctx.db
      .insertInto('automation_rules')
      .values({ ...row, id: undefined, conditions: '[]', actions: JSON.stringify(row.actions) } as never)
      .execute();
    const listed = await owner.get<RuleList>(`/api/projects/${full.id}/rules`);
    expect(listed.body.rules).toHaveLength(MAX_RULES_PER_PROJECT + 1);
    expect((await owner.patch(`/api/rules/${first!.id}`, { enabled: false })).status).toBe(200);
    expect((await owner.post(`/api/projects/${full.id}/rules`, rule)).status).toBe(409);
    expect((await owner.delete(`/api/rules/${first!.id}`)).status).toBe(200);
    expect((await owner.delete(`/api/rules/${listed.body.rules[1]!.id}`)).status).toBe(200);
    expect((await owner.post(`/api/projects/${full.id}/rules`, rule)).status).toBe(201);
  });
});
