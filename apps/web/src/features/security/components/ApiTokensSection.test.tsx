import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiToken } from '@fanout/contracts';
import { workspaceRoutes } from '@/test/api-fixtures';
import { signIn } from '@/test/factories';
import { stubFetch, type StubRoutes } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const SECRET = 'fanout_pat_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

function tokensServer() {
  let tokens: ApiToken[] = [];
  const routes: StubRoutes = {
    ...workspaceRoutes(),
    'GET /api/auth/2fa/status': { body: { enabled: false, backupCodesRemaining: 0 } },
    'GET /api/auth/passkey/list': { body: { passkeys: [] } },
    'GET /api/auth/sessions': { body: { sessions: [] } },
    'GET /api/auth/tokens': () => ({ body: { tokens } }),
    'POST /api/auth/tokens': ({ body }) => {
      const { name, scopes, expiresAt } = body as {
        name: string;
        scopes: ApiToken['scopes'];
        expiresAt: string | null;
      };
      const token = { id: 7, name, scopes, expiresAt, createdAt: '2026-11-25T10:00:00Z' };
      tokens = [{ ...token, lastUsedAt: null }];
      return { status: 201, body: { token, secret: SECRET } };
    },
    'DELETE /api/auth/tokens/7': () => {
      tokens = [];
      return { body: { ok: true } };
    },
  };
  return routes;
}

describe('security screen: API tokens', () => {
  it('makes a named, scoped token, shows its secret once, lists it and revokes it', async () => {
    signIn();
    const { calls } = stubFetch(tokensServer());
    renderApp('/security');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'API tokens' });
    expect(await within(section).findByText('You have no API tokens.')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Create token' }));
    expect(within(section).getByRole('alert')).toHaveTextContent('Give the token a name.');

    await user.type(within(section).getByLabelText('Token name'), 'Zapier');
    await user.click(within(section).getByLabelText('Read and write'));
    await user.selectOptions(within(section).getByLabelText('Expires after'), 'Never');
    await user.click(within(section).getByRole('button', { name: 'Create token' }));

    expect(await within(section).findByLabelText('New API token')).toHaveValue(SECRET);
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/api/auth/tokens');
    expect(sent?.body).toEqual({ name: 'Zapier', scopes: ['read', 'write'], expiresAt: null });
    const item = await within(section).findByRole('listitem');
    expect(item).toHaveTextContent('Zapier');
    expect(item).toHaveTextContent('never expires');
    expect(item).toHaveTextContent('never used');

    await user.click(within(section).getByRole('button', { name: 'Done' }));
    expect(within(section).queryByLabelText('New API token')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);

    await user.click(within(section).getByRole('button', { name: 'Revoke Zapier' }));
    await waitFor(() => expect(within(section).getByText('You have no API tokens.')).toBeInTheDocument());
  });
});
