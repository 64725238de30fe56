import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { missingFeatures } from '@fanout/contracts';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildConnection, buildProject, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { stubLocationAssign } from '@/test/location-stub';
import { renderApp } from '@/test/render-app';
import { renderStrictApp } from '@/test/render-strict-app';

async function platformRow(name: string) {
  const list = await screen.findByRole('list', { name: 'Platforms' });
  return within(list).getByRole('heading', { name }).closest('li') as HTMLElement;
}

describe('connected accounts', () => {
  it("lists the six platforms with their subtitles and the current project's connections", async () => {
    signIn();
    stubFetch(workspaceRoutes({ platforms: ['youtube'] }));
    renderApp('/accounts');
    const list = await screen.findByRole('list', { name: 'Platforms' });
    const rows = [...list.children] as HTMLElement[];
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual([
      'Instagram',
      'TikTok',
      'YouTube',
      'Facebook',
      'X (Twitter)',
      'Reddit',
    ]);
    expect(within(rows[4]!).getByText('Tweet with Video')).toBeInTheDocument();
    expect(await within(rows[2]!).findByText('Connected')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Mia on YouTube')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Sandbox')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Not connected')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Connect Instagram' })).toBeEnabled();
  });

  it('names all six platforms with their labels and subtitles, each connected by its key', async () => {
    signIn();
    stubFetch(workspaceRoutes({ platforms: ['instagram', 'tiktok', 'youtube', 'facebook', 'x', 'reddit'] }));
    renderApp('/accounts');
    const list = await screen.findByRole('list', { name: 'Platforms' });
    const rows = [...list.children] as HTMLElement[];
    await within(rows[0]!).findByText('Connected');
    expect(
      rows.map((row) => [
        within(row).getByRole('heading').textContent,
        within(row).getByRole('heading').nextElementSibling?.textContent,
        within(row).queryByText('Connected') ? 'Connected' : 'Not connected',
      ]),
    ).toEqual([
      ['Instagram', 'Reels & Stories', 'Connected'],
      ['TikTok', 'Short Videos', 'Connected'],
      ['YouTube', 'Video Platform', 'Connected'],
      ['Facebook', 'Video Posts', 'Connected'],
      ['X (Twitter)', 'Tweet with Video', 'Connected'],
      ['Reddit', 'Video Posts', 'Connected'],
    ]);
  });

  it('shows the connections of the project switched to', async () => {
    signIn();
    const projects = [
      buildProject({ id: 1, name: 'Travel Diaries', initials: 'TD' }),
      buildProject({ id: 2, name: 'Kitchen Lab', initials: 'KL' }),
    ];
    const routes = workspaceRoutes({ projects, platforms: ['youtube'] });
    routes['GET /api/connections?project_id=2'] = {
      body: {
        connections: [buildConnection('instagram', { projectId: 2 }), buildConnection('reddit', { projectId: 2 })],
      },
    };
    const { calls } = stubFetch(routes);
    renderApp('/accounts');
    const user = userEvent.setup();
    expect(await within(await platformRow('YouTube')).findByText('Connected')).toBeInTheDocument();

    const aside = screen.getByRole('complementary', { name: 'Sidebar' });
    await user.click(within(aside).getByRole('button', { name: /^Active workspace: Travel Diaries/ }));
    await user.click(within(aside).getByRole('menuitem', { name: /Kitchen Lab/ }));

    expect(await screen.findByText('Kitchen Lab', { selector: 'main span' })).toBeInTheDocument();
    expect(await within(await platformRow('Instagram')).findByText('Connected')).toBeInTheDocument();
    expect(within(await platformRow('Reddit')).getByText('Connected')).toBeInTheDocument();
    expect(within(await platformRow('YouTube')).getByText('Not connected')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain('/api/connections?project_id=2');
  });

  it("sends the browser to the platform's authorize page for the current project", async () => {
    signIn();
    const assign = stubLocationAssign();
    const routes = workspaceRoutes();
    routes['POST /api/connections/tiktok/start'] = {
      body: { url: 'http://localhost:3001/www.tiktok.com/v2/auth/authorize/?state=s1' },
    };
    const { calls } = stubFetch(routes);
    renderApp('/accounts');
    await userEvent
      .setup()
      .click(await within(await platformRow('TikTok')).findByRole('button', { name: 'Connect TikTok' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost:3001/www.tiktok.com/v2/auth/authorize/?state=s1'),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ project_id: 1 });
  });

  it('asks before reconnecting, saying which account to sign in as', async () => {
    signIn();
    const assign = stubLocationAssign();
    const routes = workspaceRoutes({ platforms: ['x'] });
    routes['POST /api/connections/x/start'] = {
      body: { url: 'http://localhost:3001/x.com/i/oauth2/authorize?state=s2' },
    };
    stubFetch(routes);
    renderApp('/accounts');
    const user = userEvent.setup();
    await user.click(
      await within(await platformRow('X (Twitter)')).findByRole('button', { name: 'Reconnect X (Twitter)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reconnect X (Twitter)?' });
    expect(dialog).toHaveTextContent('You sign in to X (Twitter) again as Mia on X (Twitter)');
    expect(assign).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Continue to X (Twitter)' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost:3001/x.com/i/oauth2/authorize?state=s2'),
    );
  });

  it('disconnects after confirmation', async () => {
    signIn();
    const routes = workspaceRoutes({ platforms: ['reddit'] });
    const reddit = routes['GET /api/connections?project_id=1'] as { body: { connections: { id: number }[] } };
    const id = reddit.body.connections[0]!.id;
    routes[`DELETE /api/connections/${id}`] = () => {
      reddit.body.connections = [];
      return { body: { ok: true } };
    };
    const { calls } = stubFetch(routes);
    renderApp('/accounts');
    const user = userEvent.setup();
    await user.click(await within(await platformRow('Reddit')).findByRole('button', { name: 'Disconnect Reddit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Reddit?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Reddit is disconnected.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/connections/${id}`)).toBe(true);
    expect(await within(await platformRow('Reddit')).findByText('Not connected')).toBeInTheDocument();
  });

  it('lists each account of a platform with its name and health, and offers Connect another', async () => {
    signIn();
    const assign = stubLocationAssign();
    const routes = workspaceRoutes();
    routes['GET /api/connections?project_id=1'] = {
      body: {
        connections: [
          buildConnection('youtube', { accountName: 'Cooking channel', avatarUrl: '/avatar-1.png' }),
          buildConnection('youtube', {
            accountId: 'youtube-account-2',
            accountName: 'Travel channel',
            status: 'needs_reconnect',
            statusReason: 'YouTube refused the refresh: invalid_grant',
          }),
        ],
      },
    };
    routes['POST /api/connections/youtube/start'] = {
      body: { url: 'http://localhost:3001/accounts.google.com/o/oauth2/v2/auth?state=s3' },
    };
    stubFetch(routes);
    renderApp('/accounts');
    const row = await platformRow('YouTube');
    const accounts = await within(row).findByRole('list', { name: 'YouTube accounts' });
    const items = within(accounts).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/channel$/).textContent)).toEqual([
      'Cooking channel',
      'Travel channel',
    ]);
    expect(items[0]!.querySelector('img')).toHaveAttribute('src', '/avatar-1.png');
    expect(within(items[0]!).getByText('Connected')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Needs reconnect')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Reconnect Travel channel on YouTube' })).toBeEnabled();
    expect(within(items[0]!).getByRole('button', { name: 'Disconnect Cooking channel on YouTube' })).toBeEnabled();

    // Connect another goes straight to the platform: the new account is added beside these.
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Connect another YouTube account' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost:3001/accounts.google.com/o/oauth2/v2/auth?state=s3'),
    );
  });

  it('shows an account that needs reconnecting with the reason the platform gave', async () => {
    signIn();
    const routes = workspaceRoutes();
    routes['GET /api/connections?project_id=1'] = {
      body: {
        connections: [
          buildConnection('tiktok', {
            status: 'needs_reconnect',
            statusReason: 'TikTok refused the refresh: invalid_grant',
          }),
        ],
      },
    };
    stubFetch(routes);
    renderApp('/accounts');
    const row = await platformRow('TikTok');
    expect(await within(row).findByText('Needs reconnect')).toBeInTheDocument();
    const reconnect = await within(row).findByRole('button', { name: 'Reconnect TikTok' });
    expect(reconnect).toHaveAccessibleDescription('TikTok refused the refresh: invalid_grant');
  });

  it('offers reconnecting to allow a feature the grant predates, while the account stays connected', async () => {
    signIn();
    const assign = stubLocationAssign();
    const routes = workspaceRoutes();
    const reddit = buildConnection('reddit', {
      scopes: ['identity', 'submit', 'read', 'history'],
      missingFeatures: missingFeatures('reddit', ['identity', 'submit', 'read', 'history']),
    });
    routes['GET /api/connections?project_id=1'] = { body: { connections: [reddit] } };
    routes['POST /api/connections/reddit/start'] = { body: { url: 'http://localhost:3001/reddit/authorize?state=r' } };
    stubFetch(routes);
    renderApp('/accounts');
    const row = await platformRow('Reddit');
    expect(await within(row).findByText('Connected')).toBeInTheDocument();
    expect(within(row).getByText('Reconnect to allow choosing a flair and suggesting your communities.')).toBeVisible();
    const reconnect = within(row).getByRole('button', { name: 'Reconnect Reddit' });
    expect(reconnect).toHaveAccessibleDescription(
      'Reconnect to allow choosing a flair and suggesting your communities.',
    );
    const user = userEvent.setup();
    await user.click(reconnect);
    const dialog = await screen.findByRole('dialog', { name: 'Reconnect Reddit?' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Reddit' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3001/reddit/authorize?state=r'));
  });

  it('says why a connection did not come back', async () => {
    signIn();
    stubFetch(workspaceRoutes());
    const { router } = renderApp('/accounts?error=access_denied&platform=facebook');
    const alert = await screen.findByText(
      'Facebook was not connected: the authorization was declined. Nothing was changed.',
    );
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    // The address loses the outcome as the screen mounts (a navigation of its own), so a reload says nothing.
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
  });

  const PENDING = 'p'.repeat(43);
  const CONFIRM = `POST /api/connections/pending/${PENDING}/confirm`;

  it('confirms a pending connection once as it loads, names the account, and clears the address', async () => {
    signIn();
    const routes = workspaceRoutes();
    const connections = routes['GET /api/connections?project_id=1'] as { body: { connections: unknown[] } };
    routes[CONFIRM] = () => {
      const connection = buildConnection('youtube');
      connections.body.connections = [connection];
      return { body: { connection, connections: [connection] } };
    };
    const { calls } = stubFetch(routes);
    const { router } = renderStrictApp(`/accounts?pending=${PENDING}&platform=youtube`);
    const said = await screen.findByText('YouTube is connected as Mia on YouTube.');
    expect(said.closest('[role="status"]')).not.toBeNull();
    expect(await within(await platformRow('YouTube')).findByText('Connected')).toBeInTheDocument();
    expect(calls.filter((c) => `${c.method} ${c.url}` === CONFIRM)).toHaveLength(1);
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lets the person choose which Pages of a Facebook grant to connect, each becoming its own connection', async () => {
    signIn();
    const routes = workspaceRoutes();
    const connections = routes['GET /api/connections?project_id=1'] as { body: { connections: unknown[] } };
    routes[`GET /api/connections/pending/${PENDING}`] = {
      body: {
        platform: 'facebook',
        accounts: [
          { accountId: '501', accountName: 'Fanout Sandbox Page', avatarUrl: '/a/501.png', connectionId: null },
          { accountId: '502', accountName: 'Fanout Sandbox Studio', avatarUrl: '/a/502.png', connectionId: null },
        ],
      },
    };
    routes[CONFIRM] = (request) => {
      const ids = (request.body as { accountIds?: string[] } | undefined)?.accountIds;
      if (!ids) return { status: 409, body: { error: 'Choose', code: 'choose_accounts' } };
      const made = ids.map((id, i) =>
        buildConnection('facebook', {
          id: 40 + i,
          accountId: id,
          accountName: id === '501' ? 'Fanout Sandbox Page' : 'Fanout Sandbox Studio',
        }),
      );
      connections.body.connections = made;
      return { body: { connection: made[0], connections: made } };
    };
    const { calls } = stubFetch(routes);
    renderStrictApp(`/accounts?pending=${PENDING}&platform=facebook`);
    const form = await screen.findByRole('form', { name: 'Choose the Facebook Pages to connect' });
    const first = within(form).getByRole('checkbox', { name: 'Fanout Sandbox Page' });
    const second = within(form).getByRole('checkbox', { name: 'Fanout Sandbox Studio' });
    expect(form.querySelectorAll('img')).toHaveLength(2);

    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Connect chosen Pages' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Choose at least one of the Pages.');
    expect(calls.filter((c) => `${c.method} ${c.url}` === CONFIRM)).toHaveLength(1);

    // By keyboard: Space ticks the focused checkbox.
    first.focus();
    await user.keyboard(' ');
    await user.tab();
    expect(second).toHaveFocus();
    await user.keyboard(' ');
    await user.click(within(form).getByRole('button', { name: 'Connect chosen Pages' }));

    const said = await screen.findByText(
      'Facebook is connected as Fanout Sandbox Page, Fanout Sandbox Studio (2 accounts).',
    );
    expect(said.closest('[role="status"]')).not.toBeNull();
    const confirms = calls.filter((c) => `${c.method} ${c.url}` === CONFIRM);
    expect(confirms.map((c) => c.body)).toEqual([undefined, { accountIds: ['501', '502'] }]);
    expect(screen.queryByRole('form', { name: 'Choose the Facebook Pages to connect' })).toBeNull();
    const row = await platformRow('Facebook');
    expect(await within(row).findByText('Fanout Sandbox Studio')).toBeInTheDocument();
    expect(within(row).getByText('Fanout Sandbox Page')).toBeInTheDocument();
  });

  it.each([
    [
      'wrong_account',
      403,
      'YouTube was not connected: this connection was started by another Fanout account, not the one you are signed in to. Nothing was stored. If someone sent you the link, they were asking for access to your YouTube account.',
    ],
    [
      'expired',
      410,
      'YouTube was not connected: the approval came back after more than 10 minutes, or was already used. Start again with Connect.',
    ],
  ])('says in words why a pending connection was refused (%s)', async (code, status, words) => {
    signIn();
    const routes = workspaceRoutes();
    routes[CONFIRM] = { status, body: { error: 'Refused', code } };
    stubFetch(routes);
    const { router } = renderApp(`/accounts?pending=${PENDING}&platform=youtube`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(words);
    expect(router.state.location.search).toBe('');
    expect(within(await platformRow('YouTube')).getByText('Not connected')).toBeInTheDocument();
  });

  it('says when this server cannot connect a platform', async () => {
    signIn();
    const routes = workspaceRoutes();
    routes['GET /api/platforms'] = {
      body: {
        platforms: ['instagram', 'tiktok', 'youtube', 'facebook', 'x', 'reddit'].map((platform) => ({
          platform,
          available: platform !== 'reddit',
          sandbox: false,
        })),
      },
    };
    stubFetch(routes);
    renderApp('/accounts');
    const connect = await within(await platformRow('Reddit')).findByRole('button', { name: 'Connect Reddit' });
    await vi.waitFor(() => expect(connect).toBeDisabled());
    expect(connect).toHaveAccessibleDescription(/Reddit: not set up on this server/);
  });
});
