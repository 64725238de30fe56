import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import * as api from './support/api';
import { useE2e } from './support/e2e';
import { inLibraryAs, openSecurityScreen } from './support/sign-in';
import { atPath, hidden, poll, storageItem, visible } from './support/ui';
import { addVirtualAuthenticator, withoutPasskeyAutofill, type PasskeyCredential } from './support/webauthn';

const e2e = useE2e();

/** Adds a passkey in the Passkeys section; the tab's virtual authenticator answers the browser's prompt. */
async function addPasskey(page: Page, passkeys: Locator, name: string) {
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await passkeys.getByLabel('Passkey name').fill(name);
  await passkeys.getByRole('button', { name: 'Create passkey' }).click();
  await visible(page.getByRole('status').getByText('Passkey added'));
  await visible(passkeys.getByRole('list', { name: 'Passkeys' }).getByRole('listitem').filter({ hasText: name }));
}

/** The names in the Passkeys list, in order. */
async function listedPasskeys(passkeys: Locator) {
  const items = passkeys.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
  return (await items.allInnerTexts()).map((text) => text.split('\n')[0]!.trim());
}

/** A signed-up user who added one passkey in the Security screen, with the page and the passkey it made. */
async function userWithPasskey(prefix: string, name: string) {
  const user = await e2e.signUp(prefix);
  const page = await e2e.open({ session: user });
  const authenticator = await addVirtualAuthenticator(page);
  const { passkeys } = await openSecurityScreen(page);
  await visible(passkeys.getByText('No passkeys yet'));
  await addPasskey(page, passkeys, name);
  const held = await authenticator.credentials();
  expect(held).toHaveLength(1);
  expect(held[0]).toMatchObject({ rpId: 'localhost', isResidentCredential: true });
  return { user, page, passkeys, authenticator, credential: held[0]! };
}

/** A fresh browser holding the passkey too, as a synced passkey is, on the login screen. */
async function otherBrowserWith(credential: PasskeyCredential, options: { autofill: boolean }) {
  const page = await e2e.open();
  if (!options.autofill) await withoutPasskeyAutofill(page.context());
  const authenticator = await addVirtualAuthenticator(page);
  await authenticator.addCredential(credential);
  await page.goto('/login');
  return page;
}

async function expectWorkingSession(page: Page) {
  const token = await storageItem(page, 'auth_token');
  expect(token).not.toBeNull();
  expect(await api.sessionStatus(e2e.apiBase, token!)).toBe(200);
}

describe('passkeys', () => {
  it('are added and renamed in the Security screen, then sign in on another browser without password or code', async () => {
    const { user, page, passkeys, credential } = await userWithPasskey('pia', 'Work laptop');
    expect(await listedPasskeys(passkeys)).toEqual(['Work laptop']);
    await visible(passkeys.getByRole('listitem').filter({ hasText: 'Work laptop' }).getByText('not used yet'));

    await passkeys.getByRole('button', { name: 'Rename Work laptop' }).click();
    await passkeys.getByLabel('Passkey name').fill('Studio laptop');
    await passkeys.getByRole('button', { name: 'Save' }).click();
    await visible(passkeys.getByRole('button', { name: 'Rename Studio laptop' }));
    expect(await listedPasskeys(passkeys)).toEqual(['Studio laptop']);
    expect(await api.passkeyNames(e2e.apiBase, user.token)).toEqual(['Studio laptop']);

    // Two-factor is on now, yet the passkey alone signs in: it is both factors. Nothing is typed.
    await api.enableTwoFactor(e2e.apiBase, user.token);
    const elsewhere = await otherBrowserWith(credential, { autofill: false });
    await elsewhere.getByRole('button', { name: 'Use a passkey' }).click();
    await inLibraryAs(elsewhere, user.username);
    await expectWorkingSession(elsewhere);

    // The first browser's list shows that the passkey was used.
    await page.reload();
    await visible(
      passkeys
        .getByRole('listitem')
        .filter({ hasText: 'Studio laptop' })
        .getByText(/· last used /),
    );
  });

  it('is offered in the username field’s autofill, where the browser has it, and signs in from there', async () => {
    const { user, credential } = await userWithPasskey('rafa', 'Home desktop');
    const elsewhere = await otherBrowserWith(credential, { autofill: true });
    const identifier = elsewhere.getByLabel('Username or e-mail');
    expect((await identifier.getAttribute('autocomplete'))?.split(/\s+/)).toContain('webauthn');
    // The virtual authenticator picks the passkey from the autofill list at once, as the person would.
    await inLibraryAs(elsewhere, user.username);
    await expectWorkingSession(elsewhere);
  });

  it('is deleted after confirming, and then no longer signs in', async () => {
    const { user, passkeys, page, authenticator, credential } = await userWithPasskey('quinn', 'Old phone');

    await passkeys.getByRole('button', { name: 'Delete Old phone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this passkey?' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await hidden(dialog);
    await visible(passkeys.getByText('No passkeys yet'));
    await hidden(passkeys.getByRole('list', { name: 'Passkeys' }));
    await poll(() => api.passkeyNames(e2e.apiBase, user.token)).toEqual([]);

    // The authenticator still holds it, but the server no longer knows it.
    expect(await authenticator.credentials()).toHaveLength(1);
    const elsewhere = await otherBrowserWith(credential, { autofill: false });
    await elsewhere.getByRole('button', { name: 'Use a passkey' }).click();
    const alert = elsewhere.getByRole('alert');
    await visible(alert);
    expect(await alert.innerText()).toBe('This passkey is not registered here');
    await atPath(elsewhere, '/login');
    expect(await storageItem(elsewhere, 'auth_token')).toBeNull();
  });
});
