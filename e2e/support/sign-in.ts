import type { Page } from 'playwright-core';
import { atPath, visible } from './ui';

/** Fills the login screen's password form and sends it. */
export async function submitPasswordSignIn(page: Page, identifier: string, password: string) {
  await page.getByLabel('Username or e-mail').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Waits for the library, signed in as `username`. */
export async function inLibraryAs(page: Page, username: string) {
  await atPath(page, '/');
  await visible(page.getByRole('heading', { name: 'Videos', level: 1 }));
  await visible(page.getByRole('button', { name: `Account menu for ${username}` }));
}

/** Signs out from the avatar menu and waits for the login screen. */
export async function signOutFromMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('banner').getByRole('menu').getByRole('menuitem', { name: 'Sign out' }).click();
  await atPath(page, '/login');
  await visible(page.getByRole('heading', { name: 'Welcome back' }));
}

/** The Security screen (/security) and its four sections, each a region named by its heading. */
export async function openSecurityScreen(page: Page) {
  await page.goto('/security');
  await visible(page.getByRole('heading', { name: 'Security', level: 1 }));
  return {
    twoFactor: page.getByRole('region', { name: 'Two-factor authentication', exact: true }),
    passkeys: page.getByRole('region', { name: 'Passkeys', exact: true }),
    sessions: page.getByRole('region', { name: 'Signed-in devices', exact: true }),
    password: page.getByRole('region', { name: 'Password', exact: true }),
  };
}
