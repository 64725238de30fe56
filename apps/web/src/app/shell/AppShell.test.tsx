import { PROJECT_COLOR_PAIRS } from '@fanout/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { workspaceRoutes } from '@/test/api-fixtures';
import { buildProject, buildVideo, signIn } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const projects = [
  buildProject({ id: 1, name: 'Travel Diaries', initials: 'TD', video_count: 3 }),
  buildProject({ id: 2, name: 'Kitchen Lab', initials: 'KL', video_count: 1 }),
];

function start(path: string, routes = workspaceRoutes({ projects })) {
  signIn();
  const stub = stubFetch(routes);
  const view = renderApp(path);
  return { ...stub, ...view, user: userEvent.setup() };
}

describe('header', () => {
  it('shows the product name for this host and links the logo to /dashboard', async () => {
    const routes = workspaceRoutes({ projects });
    routes['GET /api/config'] = {
      body: {
        productName: 'Example Studio',
        signIn: { passkeys: false, identityProviders: [] },
        uploads: { maxBytes: 4 * 1024 ** 3 },
      },
    };
    start('/accounts', routes);
    const home = await screen.findByRole('link', { name: 'Example Studio' });
    expect(home).toHaveAttribute('href', '/dashboard');
  });

  it('names the logo link while the product name is still on its way, so it is never a link without a name', async () => {
    const routes = workspaceRoutes({ projects });
    // An answer whose body never ends: the config stays pending for the whole test.
    routes['GET /api/config'] = { stream: new ReadableStream<Uint8Array>() };
    start('/accounts', routes);
    const home = await screen.findByRole('link', { name: 'Dashboard' });
    expect(home).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Example Studio' })).toBeNull();
  });

  it("opens the user's menu with the username, 'user' and 'Sign out', which ends the session", async () => {
    const routes = workspaceRoutes({ projects });
    routes['POST /api/auth/logout'] = { body: { ok: true } };
    const { user, calls, router } = start('/accounts', routes);
    await user.click(await screen.findByRole('button', { name: 'Account menu for mia.creates' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('mia.creates')).toBeInTheDocument();
    expect(within(menu).getByText('user')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((c) => c.url === '/api/auth/logout')).toBe(true);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    // Whoever signs in next on this browser starts at home, not on the page the last person left.
    expect(router.state.location.state).toBeNull();
  });

  it('signs out at once when the server cannot be reached, and ends the session there once it can', async () => {
    const routes = workspaceRoutes({ projects });
    routes['POST /api/auth/logout'] = () => {
      throw new TypeError('Failed to fetch');
    };
    const { user, router } = start('/accounts', routes);
    const token = localStorage.getItem('auth_token');
    await user.click(await screen.findByRole('button', { name: 'Account menu for mia.creates' }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(JSON.parse(localStorage.getItem('pending_sign_outs') ?? '[]')).toEqual([token]);

    const { calls } = stubFetch({ 'POST /api/auth/logout': { body: { ok: true } } });
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(localStorage.getItem('pending_sign_outs')).toBeNull());
    const signOuts = calls.filter((call) => call.url === '/api/auth/logout');
    expect(signOuts.map((call) => call.headers.get('authorization'))).toEqual([`Bearer ${token}`]);
  });

  it("shows the default user 'Guest' with e-mail {email} while no user is stored", async () => {
    // A token without a stored user: the header has no one to show until the server says who it is.
    localStorage.setItem('auth_token', 'test-token');
    const { fetchStub } = stubFetch(workspaceRoutes({ projects }));
    let answerMe!: () => void;
    const meHeld = new Promise<void>((resolve) => (answerMe = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/auth/me') await meHeld;
      return fetchStub(input, init);
    });
    renderApp('/accounts');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Account menu for Guest' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('Guest')).toBeInTheDocument();
    expect(within(menu).getByText('{email}')).toBeInTheDocument();
    expect(within(screen.getByRole('button', { name: 'Account menu for Guest' })).getByText('G')).toBeInTheDocument();

    answerMe();
    expect(await screen.findByRole('button', { name: 'Account menu for mia.creates' })).toBeInTheDocument();
  });

  it('searches the videos and highlights the matched text', async () => {
    const routes = workspaceRoutes({ projects });
    routes['GET /api/search?q=beach'] = {
      body: {
        results: [
          {
            ref: '/video/5',
            type: 'video',
            name: 'Beach day',
            drive: 'Travel Diaries',
            owner: 'mia',
            modified: '2026-03-05',
          },
          {
            ref: '/video/6',
            type: 'video',
            name: 'At the beach',
            drive: 'Travel Diaries',
            owner: 'mia',
            modified: '2026-03-05',
          },
        ],
      },
    };
    routes['GET /api/search?q=zebra'] = { body: { results: [] } };
    const { user, router } = start('/accounts', routes);
    const [box] = await screen.findAllByRole('combobox', { name: 'Search files and folders' });
    await user.click(box!);
    expect(screen.getByText('Type to search files and folders...')).toBeInTheDocument();

    await user.type(box!, 'zebra');
    expect(await screen.findByText('No results found for "zebra"')).toBeInTheDocument();

    await user.clear(box!);
    await user.type(box!, 'beach');
    expect(await screen.findByText('2 result(s)')).toBeInTheDocument();
    const options = screen.getAllByRole('option');
    expect(options[0]!.querySelector('mark')).toHaveTextContent('Beach');
    expect(options[1]!.querySelector('mark')).toHaveTextContent('beach');

    await user.click(options[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/video/5'));
  });

  it('closes the search results when Tab moves focus out of the search', async () => {
    const routes = workspaceRoutes({ projects });
    routes['GET /api/search?q=beach'] = {
      body: {
        results: [
          {
            ref: '/video/5',
            type: 'video',
            name: 'Beach day',
            drive: 'Travel Diaries',
            owner: 'mia',
            modified: '2026-03-05',
          },
        ],
      },
    };
    const { user } = start('/accounts', routes);
    const [box] = await screen.findAllByRole('combobox', { name: 'Search files and folders' });
    await user.type(box!, 'beach');
    expect(await screen.findByRole('listbox', { name: 'Search results' })).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'true');

    await user.tab();
    expect(box).not.toHaveFocus();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('in the mobile menu, Escape closes the open search results first and the menu only the second time', async () => {
    const routes = workspaceRoutes({ projects });
    routes['GET /api/search?q=beach'] = {
      body: {
        results: [
          {
            ref: '/video/5',
            type: 'video',
            name: 'Beach day',
            drive: 'Travel Diaries',
            owner: 'mia',
            modified: '2026-03-05',
          },
        ],
      },
    };
    const { user } = start('/accounts', routes);
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const box = within(menu).getByRole('combobox', { name: 'Search files and folders' });
    await user.type(box, 'beach');
    expect(await within(menu).findByRole('listbox', { name: 'Search results' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu).queryByRole('listbox', { name: 'Search results' })).not.toBeInTheDocument();
    expect(box).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });
});

describe('sidebar', () => {
  it("opens the upload modal from 'New' after going to /dashboard", async () => {
    const { user, router } = start('/accounts');
    await user.click(await screen.findByRole('button', { name: 'New' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('Longformat Video upload')).toBeInTheDocument();
    expect(within(menu).getByText('Shortformat Video upload')).toBeInTheDocument();
    expect(within(menu).getByText('Create a post with our post creation tool')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: /Shortformat Video upload/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('dialog', { name: 'Upload Videos' })).toBeInTheDocument();
  });

  it("opens the post composer from 'New' on the page where it was chosen", async () => {
    const { user, router } = start('/accounts');
    await user.click(await screen.findByRole('button', { name: 'New' }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: /Create Post/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Post' });
    expect(router.state.location.pathname).toBe('/accounts');
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New' })).toHaveFocus();
  });

  it("opens the upload modal on the app-wide 'open-upload-modal' signal, which the upload buttons send", async () => {
    const { user } = start('/accounts');
    await screen.findByRole('heading', { level: 1, name: 'Connected accounts' });
    act(() => {
      window.dispatchEvent(new Event('open-upload-modal'));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Upload Videos' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Upload Videos' })).not.toBeInTheDocument();

    let signals = 0;
    const count = () => signals++;
    window.addEventListener('open-upload-modal', count);
    try {
      await user.click(screen.getByRole('button', { name: 'New' }));
      await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: /Longformat Video upload/ }));
      await screen.findByRole('dialog', { name: 'Upload Videos' });
      expect(signals).toBe(1);
    } finally {
      window.removeEventListener('open-upload-modal', count);
    }
  });

  it("gives focus back to 'New' when the upload modal an entry opened is closed with Escape", async () => {
    const { user } = start('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Videos' });
    const aside = await screen.findByRole('complementary', { name: 'Sidebar' });
    const newButton = within(aside).getByRole('button', { name: 'New' });
    await user.click(newButton);
    await user.keyboard('{ArrowDown}');
    expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: /Shortformat Video upload/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Upload Videos' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Upload Videos' })).not.toBeInTheDocument();
    expect(newButton).toHaveFocus();
  });

  it("away from /dashboard, 'New' goes there first and opens the upload modal 100 ms later", async () => {
    const { user, router } = start('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Videos' });
    await user.click(screen.getByRole('link', { name: 'Accounts' }));
    await screen.findByRole('heading', { level: 1, name: 'Connected accounts' });
    await user.click(screen.getByRole('button', { name: 'New' }));
    const entry = within(screen.getByRole('menu')).getByRole('menuitem', { name: /Shortformat Video upload/ });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // A plain click: the pointer simulation would wait on the paused clock.
      await act(async () => {
        fireEvent.click(entry);
      });
      expect(router.state.location.pathname).toBe('/dashboard');
      expect(screen.queryByRole('dialog', { name: 'Upload Videos' })).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(99));
      expect(screen.queryByRole('dialog', { name: 'Upload Videos' })).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByRole('dialog', { name: 'Upload Videos' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the storage in use', async () => {
    start('/accounts');
    expect(await screen.findByText('1.50 KB of 10.00 GB used')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Storage used' })).toBeInTheDocument();
  });

  it("switches the workspace, stores it and reloads that project's videos", async () => {
    const routes = workspaceRoutes({
      projects,
      videos: [buildVideo({ projectId: 1, title: 'Lisbon' }), buildVideo({ projectId: 2, title: 'Pasta' })],
    });
    const { user } = start('/dashboard', routes);
    expect(await screen.findByRole('article', { name: 'Lisbon' })).toBeInTheDocument();
    const aside = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(within(aside).getByText('Active workspace')).toBeInTheDocument();

    await user.click(within(aside).getByRole('button', { name: /^Active workspace: Travel Diaries/ }));
    const menu = within(aside).getByRole('menu');
    expect(within(menu).getByText('3 videos')).toBeInTheDocument();
    expect(within(menu).getByText('1 video')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: /Kitchen Lab/ }));

    expect(localStorage.getItem('currentProjectId')).toBe('2');
    expect(await screen.findByRole('article', { name: 'Pasta' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Lisbon' })).not.toBeInTheDocument();
  });

  it('gives focus back to the workspace button after a project is chosen from its menu', async () => {
    const { user } = start('/accounts');
    const aside = await screen.findByRole('complementary', { name: 'Sidebar' });
    await user.click(await within(aside).findByRole('button', { name: /^Active workspace: Travel Diaries/ }));
    await user.keyboard('{ArrowDown}');
    expect(within(aside).getByRole('menuitem', { name: /Kitchen Lab/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(aside).queryByRole('menu')).not.toBeInTheDocument();
    expect(within(aside).getByRole('button', { name: /^Active workspace: Kitchen Lab/ })).toHaveFocus();
  });

  it("creates a project from the 'Enter project name:' prompt with initials and a colour pair", async () => {
    const routes = workspaceRoutes({ projects });
    routes['POST /api/projects'] = ({ body }) => ({
      status: 201,
      body: { ...buildProject({ id: 3 }), ...(body as object) },
    });
    const { user, calls } = start('/accounts', routes);
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue('summer road trip');
    const aside = await screen.findByRole('complementary', { name: 'Sidebar' });
    await user.click(await within(aside).findByRole('button', { name: /^Active workspace: Travel Diaries/ }));
    await user.click(within(aside).getByRole('menuitem', { name: 'Create new project' }));

    expect(prompt).toHaveBeenCalledWith('Enter project name:');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/projects')).toBe(true));
    const body = calls.find((c) => c.method === 'POST' && c.url === '/api/projects')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'summer road trip', initials: 'SR', user_id: 7 });
    expect(PROJECT_COLOR_PAIRS).toContainEqual([body.color1, body.color2]);
    await waitFor(() => expect(localStorage.getItem('currentProjectId')).toBe('3'));
  });

  it("alerts 'Failed to create project' when the server refuses, and does nothing on an empty name", async () => {
    const routes = workspaceRoutes({ projects });
    routes['POST /api/projects'] = { status: 400, body: { error: 'Bad', code: 'validation' } };
    const { user, calls } = start('/accounts', routes);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const prompt = vi.spyOn(window, 'prompt').mockReturnValueOnce('   ').mockReturnValueOnce('Kitchen');
    const aside = await screen.findByRole('complementary', { name: 'Sidebar' });
    const open = async () => {
      await user.click(await within(aside).findByRole('button', { name: /^Active workspace: Travel Diaries/ }));
      await user.click(within(aside).getByRole('menuitem', { name: 'Create new project' }));
    };
    await open();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/projects')).toBe(false);
    await open();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to create project'));
    expect(prompt).toHaveBeenCalledTimes(2);
  });

  it('paints each initials badge as a gradient from its color1 to its color2', async () => {
    const painted = [
      buildProject({ id: 1, name: 'Travel Diaries', initials: 'TD', color1: '#ef4444', color2: '#dc2626' }),
      buildProject({ id: 2, name: 'Kitchen Lab', initials: 'KL', color1: '#10b981', color2: '#14b8a6' }),
    ];
    const { user } = start('/accounts', workspaceRoutes({ projects: painted }));
    const aside = await screen.findByRole('complementary', { name: 'Sidebar' });
    const current = await within(aside).findByRole('button', { name: /^Active workspace: Travel Diaries/ });
    expect(within(current).getByText('TD')).toHaveStyle({
      backgroundImage: 'linear-gradient(135deg, #ef4444, #dc2626)',
    });

    await user.click(current);
    const menu = within(aside).getByRole('menu');
    expect(within(menu).getByText('TD')).toHaveStyle({ backgroundImage: 'linear-gradient(135deg, #ef4444, #dc2626)' });
    expect(within(menu).getByText('KL')).toHaveStyle({ backgroundImage: 'linear-gradient(135deg, #10b981, #14b8a6)' });
  });

  it("shows 'TP' and 'Testproject' when the user has no project", async () => {
    start('/accounts', workspaceRoutes({ projects: [] }));
    const aside = await screen.findByRole('complementary', { name: 'Sidebar' });
    const current = await within(aside).findByRole('button', { name: /^Active workspace: Testproject/ });
    expect(within(current).getByText('TP')).toBeInTheDocument();
    expect(within(current).getByText('No project yet')).toBeInTheDocument();
    expect(within(aside).queryByRole('status', { name: 'Loading projects' })).not.toBeInTheDocument();
  });

  it("shows a neutral placeholder, not 'Testproject', while the projects are loading", async () => {
    signIn();
    const { fetchStub } = stubFetch(workspaceRoutes({ projects }));
    let answerProjects!: () => void;
    const projectsHeld = new Promise<void>((resolve) => (answerProjects = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/api/projects')) await projectsHeld;
      return fetchStub(input, init);
    });
    renderApp('/accounts');
    const aside = await screen.findByRole('complementary', { name: 'Sidebar' });
    const placeholder = await within(aside).findByRole('status', { name: 'Loading projects' });
    expect(placeholder).toHaveAttribute('aria-busy', 'true');
    expect(within(aside).queryByText('Testproject')).not.toBeInTheDocument();
    expect(within(aside).queryByText('TP')).not.toBeInTheDocument();
    expect(within(aside).queryByRole('button', { name: /^Active workspace: / })).not.toBeInTheDocument();

    answerProjects();
    expect(await within(aside).findByRole('button', { name: /^Active workspace: Travel Diaries/ })).toBeInTheDocument();
    expect(within(aside).queryByRole('status', { name: 'Loading projects' })).not.toBeInTheDocument();
  });
});
