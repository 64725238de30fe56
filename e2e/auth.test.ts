import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueIdentity } from './support/api';
import { useE2e } from './support/e2e';
import { atPath, poll, storageItem, visible } from './support/ui';

const e2e = useE2e();
const PASSWORD = 'a long enough passphrase';

/** Counts the calls the page makes to one API path. */
function countCalls(page: Page, method: string, pathname: string) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === pathname) calls.push(request.url());
  });
  return calls;
}

async function fillSignUp(page: Page, values: { fullName: string; email: string; username: string; password: string }) {
  await page.getByLabel('Full name').fill(values.fullName);
  await page.getByLabel('E-mail').fill(values.email);
  await page.getByLabel('Username').fill(values.username);
  await page.getByLabel('Password', { exact: true }).fill(values.password);
}

async function signIn(page: Page, identifier: string, password: string) {
  await page.getByLabel('Username or e-mail').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('sign-up', () => {
  it('creates the account, stores the session and opens the library', async () => {
    const identity = uniqueIdentity('alice');
    const page = await e2e.open();
    await page.goto('/signup');
    await fillSignUp(page, { ...identity, password: PASSWORD });
    await page.getByRole('button', { name: 'Create account' }).click();

    await atPath(page, '/');
    await visible(page.getByRole('heading', { name: 'Videos', level: 1 }));
    await visible(page.getByRole('button', { name: `Account menu for ${identity.username}` }));
    expect(await storageItem(page, 'auth_token')).toMatch(/\S{20,}/);
    expect(JSON.parse((await storageItem(page, 'user')) ?? '{}')).toMatchObject({
      username: identity.username,
      email: identity.email,
    });

    const me = await fetch(`${e2e.apiBase}/api/auth/me`, {
      headers: { authorization: `Bearer ${await storageItem(page, 'auth_token')}` },
    });
    expect(((await me.json()) as { user: { username: string } }).user.username).toBe(identity.username);
  });

  it('shows an inline error for a too-short password and sends nothing', async () => {
    const page = await e2e.open();
    const registrations = countCalls(page, 'POST', '/api/auth/register');
    await page.goto('/signup');
    await fillSignUp(page, { ...uniqueIdentity('bob'), password: 'short' });
    await page.getByRole('button', { name: 'Create account' }).click();

    const password = page.getByLabel('Password', { exact: true });
    await visible(page.getByText('Password must be at least 12 characters'));
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toMatch(/\/signup$/);
    expect(registrations).toEqual([]);
    expect(await storageItem(page, 'auth_token')).toBeNull();
  });

  it("shows the server's error for an e-mail address that is already taken", async () => {
    const existing = await e2e.signUp('carol');
    const page = await e2e.open();
    await page.goto('/signup');
    await fillSignUp(page, { ...uniqueIdentity('carol'), email: existing.email, password: PASSWORD });
    await page.getByRole('button', { name: 'Create account' }).click();

    const alert = page.getByRole('alert');
    await visible(alert);
    expect(await alert.innerText()).toBe('An account with this e-mail address already exists');
    expect(page.url()).toMatch(/\/signup$/);
    expect(await storageItem(page, 'auth_token')).toBeNull();
  });

  it("shows the server's error for a username that is already taken", async () => {
    const existing = await e2e.signUp('dave');
    const page = await e2e.open();
    await page.goto('/signup');
    await fillSignUp(page, { ...uniqueIdentity('dave'), username: existing.username, password: PASSWORD });
    await page.getByRole('button', { name: 'Create account' }).click();

    const alert = page.getByRole('alert');
    await visible(alert);
    expect(await alert.innerText()).toBe('This username is already taken');
  });

  it('links to login (on the first click) and login links back', async () => {
    const page = await e2e.open();
    await page.goto('/signup');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await atPath(page, '/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await atPath(page, '/signup');
  });
});

describe('login', () => {
  it.each(['username', 'email'] as const)('signs in with the %s and opens the library', async (field) => {
    const user = await e2e.signUp('erin');
    const page = await e2e.open();
    await page.goto('/login');
    await signIn(page, user[field], user.password);

    await atPath(page, '/');
    await visible(page.getByRole('heading', { name: 'Videos', level: 1 }));
    await visible(page.getByRole('button', { name: `Account menu for ${user.username}` }));
    expect(await storageItem(page, 'auth_token')).not.toBeNull();
    expect(JSON.parse((await storageItem(page, 'user')) ?? '{}')).toMatchObject({ username: user.username });
  });

  it("shows the server's error for a wrong password and stays signed out", async () => {
    const user = await e2e.signUp('frank');
    const page = await e2e.open();
    await page.goto('/login');
    await signIn(page, user.username, 'not the right password');

    const alert = page.getByRole('alert');
    await visible(alert);
    expect(await alert.innerText()).toBe('Invalid username/e-mail or password');
    expect(page.url()).toMatch(/\/login$/);
    expect(await storageItem(page, 'auth_token')).toBeNull();

    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await atPath(page, '/');
    await poll(() => storageItem(page, 'auth_token')).not.toBeNull();
  });

  it('asks for both fields before sending anything', async () => {
    const page = await e2e.open();
    const logins = countCalls(page, 'POST', '/api/auth/login');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await visible(page.getByText('Enter your username or e-mail'));
    await visible(page.getByText('Enter your password'));
    expect(logins).toEqual([]);
  });
});
