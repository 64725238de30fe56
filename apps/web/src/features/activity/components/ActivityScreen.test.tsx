import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SecurityEvent } from '@fanout/contracts';
import { workspaceRoutes } from '@/test/api-fixtures';
import { signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

function event(id: number, overrides: Partial<SecurityEvent>): SecurityEvent {
  return {
    id,
    type: 'sign_in',
    createdAt: new Date(2026, 10, 22, 9, id).toISOString(),
    device: 'Firefox on Windows',
    ip: '203.0.113.7',
    detail: { method: 'password' },
    ...overrides,
  };
}

describe('activity screen', () => {
  it('lists the security events newest first, and pages on to older ones', async () => {
    signIn();
    const routes = workspaceRoutes();
    routes['GET /api/activity/security?limit=20'] = {
      body: {
        events: [
          event(9, { type: 'passkey_added', detail: { deviceName: 'Work laptop' } }),
          event(8, { type: 'sign_in', detail: { method: 'two_factor' } }),
        ],
        nextBefore: 8,
      },
    };
    routes['GET /api/activity/security?limit=20&before=8'] = {
      body: { events: [event(3, { type: 'password_changed', detail: { count: 2 } })], nextBefore: null },
    };
    stubFetch(routes);
    renderApp('/activity');
    const list = await screen.findByRole('list', { name: 'Account security events' });
    const items = () => within(list).getAllByRole('listitem');
    expect(items().map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Passkey “Work laptop” added',
      'Signed in with the password and an authenticator code',
    ]);
    expect(items()[0]).toHaveTextContent('Firefox on Windows · 203.0.113.7 · 22. Nov. 2026, 09:09');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Show older' }));
    expect(await within(list).findByText('Password changed; 2 other devices signed out')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    signIn();
    const routes = workspaceRoutes();
    routes['GET /api/activity/security?limit=20'] = { body: { events: [], nextBefore: null } };
    stubFetch(routes);
    renderApp('/activity');
    expect(await screen.findByText('No activity to show')).toBeInTheDocument();
  });
});
