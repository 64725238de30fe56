import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Rule } from '@fanout/contracts';
import { describe, expect, it } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildProject, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const project = buildProject({ id: 1, name: 'Travel Diaries' });

const savedRule: Rule = {
  id: 9,
  projectId: 1,
  name: 'Sale template',
  enabled: true,
  trigger: 'video.details_saved',
  conditions: [{ field: 'duration', op: 'lt', value: 60 }],
  actions: [{ type: 'apply_template', description: 'On sale now', tags: ['sale'] }],
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
  recentRuns: [
    {
      id: 3,
      eventId: 40,
      outcome: 'failed',
      reason: 'queue failed: No posting slots for youtube yet',
      at: '2026-05-02T10:00:00.000Z',
    },
  ],
};

describe('rules in project settings', () => {
  it('creates a rule from the form with its trigger, a condition and a template', async () => {
    signIn();
    const routes = workspaceRoutes({ projects: [project] });
    routes['GET /api/projects/1/rules'] = { body: { rules: [] } };
    routes['POST /api/projects/1/rules'] = ({ body }) => ({
      status: 201,
      body: { rule: { ...savedRule, ...(body as object) } },
    });
    const { calls } = stubFetch(routes);
    renderApp('/project-settings');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Rules' });
    await within(section).findByText('No rules yet.');
    await user.click(within(section).getByRole('button', { name: 'New rule' }));
    const form = screen.getByRole('dialog', { name: 'New rule' });
    await user.type(within(form).getByLabelText('Rule name'), 'Sale template');
    await user.selectOptions(within(form).getByLabelText('When'), 'video.details_saved');
    await user.click(within(form).getByRole('button', { name: 'Add condition' }));
    await user.selectOptions(within(form).getByLabelText(/Condition 1 field/), 'duration');
    await user.selectOptions(within(form).getByLabelText(/Condition 1 comparison/), 'lt');
    await user.type(within(form).getByLabelText(/Condition 1 value/), '60');
    await user.selectOptions(within(form).getByLabelText(/^Action 1/), 'apply_template');
    await user.type(within(form).getByLabelText('Description'), 'On sale now');
    await user.type(within(form).getByLabelText('Tags to add'), 'sale, ');

    await user.click(within(form).getByRole('button', { name: 'Create rule' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Sale template',
      enabled: true,
      trigger: 'video.details_saved',
      conditions: [{ field: 'duration', op: 'lt', value: 60 }],
      actions: [{ type: 'apply_template', description: 'On sale now', tags: ['sale'] }],
    });
  });

  it('says what is wrong before sending, and sends nothing', async () => {
    signIn();
    const routes = workspaceRoutes({ projects: [project] });
    routes['GET /api/projects/1/rules'] = { body: { rules: [] } };
    const { calls } = stubFetch(routes);
    renderApp('/project-settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New rule' }));
    const form = screen.getByRole('dialog', { name: 'New rule' });
    await user.type(within(form).getByLabelText('Rule name'), 'Ping');
    await user.type(within(form).getByLabelText('Webhook URL'), 'https://hooks.example.com/x');
    await user.type(within(form).getByLabelText('Signing secret'), 'short');
    await user.click(within(form).getByRole('button', { name: 'Create rule' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('A webhook secret has at least 8 characters');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('lists a rule with its recent runs, and switches it off', async () => {
    signIn();
    const routes = workspaceRoutes({ projects: [project] });
    let current = savedRule;
    routes['GET /api/projects/1/rules'] = () => ({ body: { rules: [current] } });
    routes['PATCH /api/rules/9'] = ({ body }) => {
      current = { ...current, ...(body as object) };
      return { body: { rule: current } };
    };
    const { calls } = stubFetch(routes);
    renderApp('/project-settings');
    const user = userEvent.setup();
    const card = await screen.findByRole('listitem', { name: 'Sale template' });
    expect(card).toHaveTextContent(
      'A video’s details are saved and duration is under “60” s: Apply a details template.',
    );
    expect(within(card).getByRole('list', { name: 'Recent runs of Sale template' })).toHaveTextContent(
      /failed.*queue failed: No posting slots for youtube yet/,
    );
    const toggle = within(card).getByRole('switch', { name: 'Rule Sale template enabled' });
    await user.click(toggle);
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ enabled: false }));
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('edits a webhook without ever seeing its secret: empty keeps it, a typed one replaces it', async () => {
    signIn();
    const routes = workspaceRoutes({ projects: [project] });
    const webhookId = '0b6c2a4e-8f1d-4c3b-9a7e-5d2f1e0c9b8a';
    const hooked: Rule = {
      ...savedRule,
      name: 'Ping',
      actions: [{ type: 'webhook', id: webhookId, url: 'https://hooks.example.com/x', secretSet: true }],
      recentRuns: [],
    };
    routes['GET /api/projects/1/rules'] = { body: { rules: [hooked] } };
    routes['PATCH /api/rules/9'] = { body: { rule: hooked } };
    const { calls } = stubFetch(routes);
    renderApp('/project-settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit rule Ping' }));
    const form = screen.getByRole('form', { name: 'Edit rule Ping' });
    expect(within(form).getByText('Secret set')).toBeInTheDocument();
    const secret = within(form).getByLabelText('Signing secret');
    expect(secret).toHaveValue('');
    await user.clear(within(form).getByLabelText('Webhook URL'));
    await user.type(within(form).getByLabelText('Webhook URL'), 'https://hooks.example.com/moved');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect((calls.find((c) => c.method === 'PATCH')?.body as { actions: unknown }).actions).toEqual([
      { type: 'webhook', id: webhookId, url: 'https://hooks.example.com/moved' },
    ]);

    await user.click(await screen.findByRole('button', { name: 'Edit rule Ping' }));
    const again = screen.getByRole('form', { name: 'Edit rule Ping' });
    await user.type(within(again).getByLabelText('Signing secret'), 'a-brand-new-secret');
    await user.click(within(again).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect((calls.filter((c) => c.method === 'PATCH')[1]?.body as { actions: unknown }).actions).toEqual([
      { type: 'webhook', id: webhookId, url: 'https://hooks.example.com/x', secret: 'a-brand-new-secret' },
    ]);
  });

  it('asks for a secret for a webhook added to a saved rule', async () => {
    signIn();
    const routes = workspaceRoutes({ projects: [project] });
    routes['GET /api/projects/1/rules'] = { body: { rules: [savedRule] } };
    const { calls } = stubFetch(routes);
    renderApp('/project-settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit rule Sale template' }));
    const form = screen.getByRole('form', { name: 'Edit rule Sale template' });
    await user.click(within(form).getByRole('button', { name: 'Add action' }));
    expect(within(form).queryByText('Secret set')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Webhook URL'), 'https://hooks.example.com/new');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('A new webhook needs a signing secret');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('shows a reviewer the rules and their runs, with no way to add, switch, edit or delete one', async () => {
    signIn();
    const routes = workspaceRoutes({ projects: [buildProject({ id: 1, role: 'reviewer' })] });
    routes['GET /api/projects/1/rules'] = { body: { rules: [savedRule] } };
    stubFetch(routes);
    renderApp('/project-settings');
    const section = await screen.findByRole('region', { name: 'Rules' });
    const rule = await within(section).findByRole('listitem', { name: 'Sale template' });
    expect(within(rule).getByText('queue failed: No posting slots for youtube yet')).toBeInTheDocument();
    expect(within(rule).getByText('Enabled')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'New rule' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Edit rule Sale template' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Delete rule Sale template' })).not.toBeInTheDocument();
    expect(
      within(section).getByText("Reviewers can read this project's rules; only the owner and editors change them."),
    ).toBeInTheDocument();
  });
});
