import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadVideo } from './support/api';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { screenshot } from './support/screenshots';
import { answerNextDialog, hidden, poll, visible } from './support/ui';

// Webhooks to this machine are refused unless the server allows them; the receiver here is on loopback.
const e2e = useE2e({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });

interface Delivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What a receiver does with X-Fanout-Signature: recompute the HMAC of the raw body and compare. */
function signatureIsValid(d: Delivery, secret: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(d.body).digest('hex')}`);
  const given = Buffer.from(String(d.headers['x-fanout-signature'] ?? ''));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

async function rulesApi<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${e2e.apiBase}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function ruleEnabled(token: string, projectId: number): Promise<Map<string, boolean>> {
  const { rules } = await rulesApi<{ rules: { name: string; enabled: boolean }[] }>(
    token,
    `/projects/${projectId}/rules`,
  );
  return new Map(rules.map((r) => [r.name, r.enabled]));
}

function createRule(token: string, projectId: number, rule: object) {
  return rulesApi(token, `/projects/${projectId}/rules`, { method: 'POST', body: JSON.stringify(rule) });
}

describe('automation rules', () => {
  let receiver: http.Server;
  let hookUrl: string;
  const deliveries: Delivery[] = [];

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        deliveries.push({ path: req.url ?? '', headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fanout`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('a rule made in Project Settings calls its webhook, signed, when a matching video is uploaded', async () => {
    const user = await e2e.workspace();
    const page = await e2e.open({ session: user });
    await page.goto('/project-settings');
    const section = page.getByRole('region', { name: 'Rules' });
    await visible(section.getByText('No rules yet.'));
    await section.getByRole('button', { name: 'New rule' }).click();

    const form = page.getByRole('dialog', { name: 'New rule' });
    await form.getByLabel('Rule name').fill('Tell the team about launches');
    await form.getByLabel('When').selectOption('video.uploaded');
    await form.getByRole('button', { name: 'Add condition' }).click();
    await form.getByLabel('Condition 1 value').fill('launch');
    await form.getByLabel('Webhook URL').fill(hookUrl);
    await form.getByLabel('Signing secret').fill('e2e-webhook-secret');
    expect(await seriousAxeViolations(page), 'the rule form').toEqual([]);
    await form.getByRole('button', { name: 'Create rule' }).click();
    await hidden(form);

    const card = section.getByRole('listitem', { name: 'Tell the team about launches' });
    await visible(card);
    await visible(card.getByText('A video is uploaded and title contains “launch”: Send a webhook to 127.0.0.1'));
    await visible(card.getByText('Not run yet.'));

    await uploadVideo(e2e.apiBase, user.token, user.project.id, e2e.fixtures.mp4('clip'), 'Holiday clip');
    const launch = await uploadVideo(e2e.apiBase, user.token, user.project.id, e2e.fixtures.mp4('clip'), 'Launch day');

    await poll(() => deliveries.length, 'the webhook delivery').toBe(1);
    const [delivery] = deliveries;
    expect(signatureIsValid(delivery!, 'e2e-webhook-secret')).toBe(true);
    expect(delivery!.headers['content-type']).toBe('application/json');
    const body = JSON.parse(delivery!.body) as { event: { id: number; type: string }; subject: { id: number } };
    expect(delivery!.headers['x-fanout-event-id']).toBe(String(body.event.id));
    expect(body).toMatchObject({
      event: { type: 'video.uploaded' },
      rule: { name: 'Tell the team about launches', trigger: 'video.uploaded' },
      project: { id: user.project.id },
      subject: { kind: 'video', id: launch.id, title: 'Launch day' },
    });

    // The run and its delivery (a job of its own, told once the receiver answered) show under the rule.
    const runs = async () =>
      (
        await rulesApi<{ rules: { recentRuns: { reason: string }[] }[] }>(
          user.token,
          `/projects/${user.project.id}/rules`,
        )
      ).rules[0]!.recentRuns.map((r) => r.reason);
    await poll(async () => (await runs()).join(), 'the delivery under the rule').toMatch(/delivered \(HTTP 204\)/);
    await page.reload();
    await visible(card.getByText(/webhook to 127\.0\.0\.1:\d+ delivered \(HTTP 204\)/));

    // The secret never comes back: the rule says it is set, and its editor lets the person replace it.
    const answered = await rulesApi<object>(user.token, `/projects/${user.project.id}/rules`);
    expect(JSON.stringify(answered)).not.toContain('e2e-webhook-secret');
    await card.getByRole('button', { name: 'Edit rule Tell the team about launches' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Tell the team about launches' });
    await visible(editor.getByText('Secret set'));
    await poll(() => editor.getByLabel('Signing secret').inputValue()).toBe('');
    expect(await seriousAxeViolations(page), 'the rule editor with a saved secret').toEqual([]);
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await hidden(editor);
    expect(await seriousAxeViolations(page), 'Project Settings with a rule').toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'project-settings-rules');

    // Off: the next matching upload calls nothing. A second rule, on, shows that upload was dispatched.
    await card.getByRole('switch', { name: 'Rule Tell the team about launches enabled' }).click();
    await poll(() => card.getByRole('switch').isChecked()).toBe(false);
    await poll(async () => (await ruleEnabled(user.token, user.project.id)).get('Tell the team about launches')).toBe(
      false,
    );
    await createRule(user.token, user.project.id, {
      name: 'Witness',
      trigger: 'video.uploaded',
      conditions: [],
      actions: [{ type: 'webhook', url: `${hookUrl}/witness`, secret: 'witness-secret' }],
    });
    await uploadVideo(e2e.apiBase, user.token, user.project.id, e2e.fixtures.mp4('clip'), 'Launch again');
    await poll(() => deliveries.filter((d) => d.path === '/fanout/witness').length, 'the second rule').toBe(1);
    expect(deliveries.filter((d) => d.path === '/fanout')).toHaveLength(1);
    const confirm = answerNextDialog(page, (d) => d.accept());
    await card.getByRole('button', { name: 'Delete rule Tell the team about launches' }).click();
    expect(await confirm).toMatchObject({ type: 'confirm' });
    await hidden(card);
    expect([...(await ruleEnabled(user.token, user.project.id)).keys()]).toEqual(['Witness']);
  });
});
