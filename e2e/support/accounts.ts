import { PLATFORMS } from '@fanout/contracts';
import type { Page } from 'playwright-core';
import { atPath, visible } from './ui';

/** Connecting sandbox accounts the way a person does: Connect, the platform's own authorize page, Approve. */

export const platformCard = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Platforms' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) });

/**
 * Connect → the platform's (emulated) authorize page → Approve or Deny → back on /accounts, until the screen
 * says how it ended (an approval is connected only once the screen has confirmed the pending grant).
 */
export async function throughAuthorizePage(page: Page, appOrigin: string, label: string, decision: 'Approve' | 'Deny') {
  await platformCard(page, label)
    .getByRole('button', { name: `Connect ${label}` })
    .click();
  await page.waitForURL((url) => url.origin !== new URL(appOrigin).origin);
  await visible(page.getByText('Sandbox', { exact: true }));
  await page.getByRole('button', { name: decision }).click();
  await atPath(page, '/accounts');
  const outcome =
    decision === 'Approve'
      ? page.getByRole('status').filter({ hasText: `${label} is connected as ` })
      : page.getByRole('alert').filter({ hasText: `${label} was not connected` });
  // A grant of several accounts (the sandbox Facebook user's two Pages) asks which: the first, as before.
  const chooser = chooseAccountsForm(page, label);
  await visible(outcome.or(chooser));
  if (await chooser.isVisible()) {
    await chooser.getByRole('checkbox').first().check();
    await chooser.getByRole('button', { name: /^Connect chosen/ }).click();
  }
  await visible(outcome);
}

/** The Accounts screen's choice among the accounts one grant gave. */
export const chooseAccountsForm = (page: Page, label: string) =>
  page.getByRole('form', { name: new RegExp(`^Choose the ${label} (Pages|accounts) to connect$`) });

/** All six sandbox accounts, approved one after the other on the Accounts screen. */
export async function connectAllSandboxAccounts(page: Page, appOrigin: string) {
  await page.goto('/accounts');
  await visible(page.getByRole('heading', { name: 'Connected accounts', level: 1 }));
  for (const platform of PLATFORMS) {
    await throughAuthorizePage(page, appOrigin, platform.label, 'Approve');
    await visible(platformCard(page, platform.label).getByText('Connected', { exact: true }));
  }
}
