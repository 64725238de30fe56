import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { useE2e } from './support/e2e';
import { screenshot } from './support/screenshots';
import { atPath, hidden, poll, storageItem, visible } from './support/ui';

const e2e = useE2e();

/** The app shell: header search, avatar menu and sidebar. */
const shell = (page: Page) => ({
  search: page.getByRole('combobox', { name: 'Search files and folders' }),
  avatar: page.getByRole('button', { name: /^Account menu for / }),
  sidebar: page.getByRole('complementary', { name: 'Sidebar' }),
});

async function expectNoShell(page: Page) {
  const { search, avatar, sidebar } = shell(page);
  expect(await search.count(), 'header search').toBe(0);
  expect(await avatar.count(), 'avatar menu').toBe(0);
  expect(await sidebar.count(), 'sidebar').toBe(0);
}

describe('route guard', () => {
  it('sends a guest who opens any protected page to /login', async () => {
    const page = await e2e.open();
    for (const path of [
      '/',
      '/videos',
      '/dashboard',
      '/video/1',
      '/posts',
      '/accounts',
      '/project-settings',
      '/recent',
    ]) {
      await page.goto(path);
      await atPath(page, '/login');
      await visible(page.getByRole('heading', { name: 'Welcome back' }));
    }
  });

  it('sends a signed-in user who opens /login or /signup home to the library', async () => {
    const user = await e2e.signUp();
    const page = await e2e.open({ session: user });
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await atPath(page, '/');
      await visible(page.getByRole('heading', { name: 'Videos', level: 1 }));
    }
  });

  it('brings a guest back to the page they asked for after signing in', async () => {
    const user = await e2e.signUp();
    const page = await e2e.open();
    await page.goto('/videos');
    await atPath(page, '/login');
    await page.getByLabel('Username or e-mail').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await atPath(page, '/videos');
    await visible(page.getByRole('heading', { name: 'Videos', level: 1 }));
  });

  it('shows no header or sidebar on login and signup, and both once signed in', async () => {
    const page = await e2e.open();
    await page.goto('/login');
    await visible(page.getByRole('heading', { name: 'Welcome back' }));
    await expectNoShell(page);
    await screenshot(page, 'login');

    await page.goto('/signup');
    await visible(page.getByRole('heading', { name: 'Create your account' }));
    await expectNoShell(page);
    await screenshot(page, 'signup');

    const user = await e2e.signUp();
    const signedIn = await e2e.open({ session: user });
    await signedIn.goto('/dashboard');
    const { search, avatar, sidebar } = shell(signedIn);
    await visible(search);
    await visible(avatar);
    await visible(sidebar);
  });

  it('lands on /login and forgets the session when the server refuses the stored token', async () => {
    const page = await e2e.open({
      session: { token: 'not-a-real-token', user: { id: 1, username: 'mallory', email: 'mallory@example.com' } },
    });
    await page.goto('/dashboard');
    await atPath(page, '/login');
    await visible(page.getByRole('heading', { name: 'Welcome back' }));
    await poll(() => storageItem(page, 'auth_token')).toBeNull();
    await poll(() => storageItem(page, 'user')).toBeNull();
  });
});

describe('landing page', () => {
  it('is public, in German, with the figures, the no-credit-card note and the way to sign up and log in', async () => {
    const page = await e2e.open();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/landing', { waitUntil: 'load' });
    await visible(page.getByRole('heading', { level: 1 }));
    expect(page.url()).toMatch(/\/landing$/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.title()).toBe('Fanout – Videos einmal hochladen, überall veröffentlichen');
    await visible(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByText('Fanout', { exact: true }));
    await expectNoShell(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    expect(await page.getByText('Keine Kreditkarte erforderlich').count()).toBeGreaterThanOrEqual(1);
    const figures = page.getByRole('region', { name: 'Zahlen' });
    for (const figure of ['5+', '∞', '100%']) await visible(figures.getByText(figure, { exact: true }));
    const features = page
      .getByRole('region', { name: /Alles, was zwischen Schnitt/ })
      .getByRole('heading', { level: 3 });
    expect(await features.allInnerTexts()).toEqual([
      'Multi-Plattform-Veröffentlichung',
      'Intelligente Planung',
      'Performance-Tracking',
      'Batch-Uploads',
      'Content-Bibliothek',
      'Workflow-Automatisierung',
    ]);
    await screenshot(page, 'landing');
    // Plain HTML and CSS until the visitor follows a link: the app's scripts come with the page it opens.
    expect(scripts).toEqual([]);

    await page.getByRole('link', { name: 'Kostenlos registrieren' }).click();
    await atPath(page, '/signup');
    await visible(page.getByRole('heading', { name: 'Create your account' }));
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'Anmelden', exact: true }).click();
    await atPath(page, '/login');
    await visible(page.getByRole('heading', { name: 'Welcome back' }));
    expect(scripts.length).toBeGreaterThan(0);
    await page.goBack();
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Kostenlos starten' })
      .click();
    await atPath(page, '/signup');
    await visible(page.getByRole('heading', { name: 'Create your account' }));
  });

  it('stays open to a signed-in user', async () => {
    const user = await e2e.signUp();
    const page = await e2e.open({ session: user });
    await page.goto('/landing');
    await visible(page.getByText('Keine Kreditkarte erforderlich').first());
    expect(page.url()).toMatch(/\/landing$/);
  });
});

describe('header', () => {
  it('shows the product name, and the avatar with the first letter and the username', async () => {
    const user = await e2e.signUp('zoe');
    expect(user.username).toMatch(/^zoe/);
    const page = await e2e.open({ session: user });
    await page.goto('/accounts');
    const header = page.getByRole('banner');
    const logo = header.getByRole('link', { name: 'Fanout' });
    await visible(logo);
    const avatar = shell(page).avatar;
    await visible(avatar);
    const avatarText = (await avatar.innerText()).split('\n').map((line) => line.trim());
    expect(avatarText[0], 'first letter of the username, uppercased').toBe('Z');
    expect(avatarText).toContain(user.username);

    await visible(header.getByRole('button', { name: 'Notifications' }));

    await logo.click();
    await atPath(page, '/dashboard');
  });

  it('fetches and stores the user when only the token is stored', async () => {
    const user = await e2e.signUp('nina');
    const page = await e2e.open({ localStorage: { auth_token: user.token } });
    await page.goto('/dashboard');
    await visible(page.getByRole('button', { name: `Account menu for ${user.username}` }));
    await poll(async () => JSON.parse((await storageItem(page, 'user')) ?? 'null')).toMatchObject({
      id: user.user.id,
      username: user.username,
      email: user.email,
    });
  });

  it('signs out from the avatar menu: back to /login, token gone and refused by the server', async () => {
    const user = await e2e.signUp();
    const page = await e2e.open({ session: user });
    await page.goto('/dashboard');
    await shell(page).avatar.click();
    const menu = page.getByRole('banner').getByRole('menu');
    await visible(menu);
    await visible(menu.getByText(user.username, { exact: true }));
    await visible(menu.getByText(user.email, { exact: true }));
    await visible(menu.getByText('user', { exact: true }));

    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await atPath(page, '/login');
    await visible(page.getByRole('heading', { name: 'Welcome back' }));
    expect(await storageItem(page, 'auth_token')).toBeNull();
    expect(await storageItem(page, 'user')).toBeNull();

    const me = await fetch(`${e2e.apiBase}/api/auth/me`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(me.status).toBe(401);

    await page.goto('/dashboard');
    await atPath(page, '/login');
  });
});

describe('sidebar', () => {
  it("lists the navigation links, and every 'New' entry opens the upload modal on /dashboard", async () => {
    const user = await e2e.workspace();
    const page = await e2e.open({ session: user });
    await page.goto('/accounts');
    const sidebar = shell(page).sidebar;
    const nav = sidebar.getByRole('navigation', { name: 'Main' });
    await visible(nav);
    const links = nav.getByRole('link');
    expect(await links.allInnerTexts()).toEqual([
      'Activity',
      'My Posts',
      'My Videos',
      'Schedule',
      'Planning',
      'Analytics',
      'Accounts',
      'Project Settings',
    ]);
    expect(await nav.getByRole('link', { name: 'My Posts' }).getAttribute('href')).toBe('/posts');
    expect(await nav.getByRole('link', { name: 'My Videos' }).getAttribute('href')).toBe('/dashboard');

    for (const entry of ['Longformat Video upload', 'Shortformat Video upload', 'Create Post']) {
      await page.goto('/accounts');
      await sidebar.getByRole('button', { name: 'New' }).click();
      const item = sidebar.getByRole('menuitem', { name: new RegExp(`^${entry}`) });
      await visible(item);
      if (entry === 'Create Post') await visible(item.getByText('Create a post with our post creation tool'));
      await item.click();
      if (entry === 'Create Post') {
        // The composer opens over the page where it was chosen.
        const composer = page.getByRole('dialog', { name: 'Create Post' });
        await visible(composer);
        await atPath(page, '/accounts');
        await page.keyboard.press('Escape');
        await hidden(composer);
        continue;
      }
      await atPath(page, '/dashboard');
      const modal = page.getByRole('dialog', { name: 'Upload Videos' });
      await visible(modal);
      await visible(modal.getByText('Drop your videos here'));
      await page.keyboard.press('Escape');
      await hidden(modal);
    }
  });
});

describe('not-found screen', () => {
  it('shows "Page not found" inside the app at unknown paths such as /some/unknown, with a way home', async () => {
    const user = await e2e.signUp();
    const page = await e2e.open({ session: user });
    for (const path of ['/some/unknown', '/recent/unknown']) {
      await page.goto(path);
      await visible(page.getByRole('heading', { name: 'Page not found' }));
      await visible(shell(page).sidebar);
    }
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Go to my videos' }).click();
    await atPath(page, '/dashboard');
    await visible(page.getByRole('heading', { name: 'Videos', level: 1 }));
  });
});

describe('a screen that cannot be loaded', () => {
  it('keeps the app around it, says so and recovers on reload, instead of a developer error page', async () => {
    const user = await e2e.signUp();
    const page = await e2e.open({ session: user });
    await page.goto('/dashboard');
    await visible(page.getByRole('heading', { name: 'Videos', level: 1 }));
    const chunk = /\/assets\/AccountsScreen-[^/]*\.js$/;
    await page.route(chunk, (route) => route.abort('connectionfailed'));
    const failed = page.waitForEvent('requestfailed');

    await shell(page).sidebar.getByRole('link', { name: 'Accounts' }).click();
    await failed;
    const alert = page.getByRole('main').getByRole('alert');
    await visible(alert);
    await visible(shell(page).sidebar);
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);

    await page.unroute(chunk);
    await alert.getByRole('button', { name: 'Reload the page' }).click();
    await visible(page.getByRole('heading', { name: 'Connected accounts', level: 1 }));
  });
});

describe('mobile', () => {
  it('at 360 px the menu has the file search and the Files, Recent and Shared links', async () => {
    const user = await e2e.workspace({ videos: ['Phone Clip'] });
    const page = await e2e.open({ session: user, viewport: { width: 360, height: 760 } });
    await page.goto('/dashboard');
    await visible(page.getByRole('article', { name: 'Phone Clip' }));
    expect(await shell(page).sidebar.isVisible(), 'the sidebar folds into the menu').toBe(false);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
    await screenshot(page, 'mobile-library');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await visible(menu);
    await visible(menu.getByPlaceholder('Search files and folders...'));
    const files = menu.getByRole('navigation', { name: 'Files' });
    expect(await files.getByRole('link').allInnerTexts()).toEqual(['Files', 'Recent', 'Shared']);
    const hrefs = await files.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['/dashboard', '/recent', '/shared']);
    await screenshot(page, 'mobile-menu');

    await files.getByRole('link', { name: 'Recent' }).click();
    await atPath(page, '/recent');
    await hidden(menu);
    await visible(page.getByRole('heading', { name: 'Recent', level: 1 }));
  });
});
