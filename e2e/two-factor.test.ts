import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import * as api from './support/api';
import { useE2e } from './support/e2e';
import { screenshot } from './support/screenshots';
import { inLibraryAs, openSecurityScreen, signOutFromMenu, submitPasswordSignIn } from './support/sign-in';
import { authenticatorApp } from './support/totp';
import { atPath, hidden, storageItem, visible } from './support/ui';

const e2e = useE2e();

/** The login screen's second step, after the password was right. */
async function atSecondStep(page: Page) {
  await visible(page.getByRole('heading', { name: 'Two-factor authentication' }));
  expect(await storageItem(page, 'auth_token'), 'signed in before the second step').toBeNull();
}

async function verifyWithBackupCode(page: Page, code: string) {
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await page.getByLabel('Backup code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

describe('two-factor authentication', () => {
  it('is turned on in the Security screen, then asked for at sign-in; each backup code works once', async () => {
    const user = await e2e.signUp('tess');
    const page = await e2e.open({ session: user });
    const { twoFactor } = await openSecurityScreen(page);
    await visible(twoFactor.getByText('Off', { exact: true }));

    // Set up: the key the QR code holds, typed into an "app" here; its current code turns two-factor on.
    await twoFactor.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await visible(twoFactor.getByRole('img', { name: 'QR code for your authenticator app' }));
    await screenshot(page, 'security-two-factor-setup');
    const setupKey = await twoFactor.getByLabel('Setup key').inputValue();
    expect(setupKey).toMatch(/^[A-Z2-7]{32}$/);
    const app = authenticatorApp(setupKey);
    await twoFactor.getByLabel('6-digit code').fill(app.nextCode());
    await twoFactor.getByRole('button', { name: 'Turn on', exact: true }).click();

    const codeList = twoFactor.getByRole('list', { name: 'Backup codes' });
    await visible(codeList);
    const backupCodes = (await codeList.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    await visible(twoFactor.getByText('On', { exact: true }));
    await screenshot(page, 'security-backup-codes');
    // "Download" saves exactly these codes as a text file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      twoFactor.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('fanout-backup-codes.txt');
    const saved = fs.readFileSync(await download.path(), 'utf8');
    expect(saved.split('\n').filter((line) => backupCodes.includes(line.trim()))).toHaveLength(10);
    await twoFactor.getByRole('button', { name: 'I have saved these codes' }).click();
    await hidden(codeList);
    await visible(twoFactor.getByText('10 backup codes left'));

    // Signed out from the library, so that signing in comes back to it.
    await page.goto('/');
    // The password alone no longer signs in: the code of the app's next time step does.
    await signOutFromMenu(page);
    await submitPasswordSignIn(page, user.username, user.password);
    await atSecondStep(page);
    await page.getByLabel('6-digit code').fill(app.nextCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await inLibraryAs(page, user.username);

    // A backup code instead of the app, once.
    const [backupCode] = backupCodes as [string];
    await signOutFromMenu(page);
    await submitPasswordSignIn(page, user.email, user.password);
    await atSecondStep(page);
    await verifyWithBackupCode(page, backupCode);
    await inLibraryAs(page, user.username);

    // The same backup code a second time is refused, and nobody is signed in.
    await signOutFromMenu(page);
    await submitPasswordSignIn(page, user.username, user.password);
    await atSecondStep(page);
    await verifyWithBackupCode(page, backupCode);
    const alert = page.getByRole('alert');
    await visible(alert);
    expect(await alert.innerText()).toBe(
      'That code is not valid. Check your authenticator app or backup code and try again.',
    );
    await atPath(page, '/login');
    expect(await storageItem(page, 'auth_token')).toBeNull();

    // Another unused code still works.
    await page.getByLabel('Backup code').fill(backupCodes[1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await inLibraryAs(page, user.username);
    const { twoFactor: afterwards } = await openSecurityScreen(page);
    await visible(afterwards.getByText('8 backup codes left'));

    // The Activity screen tells how each sign-in happened, and the refused one, newest first.
    await page.goto('/activity');
    // The project's trail, with the account's security events merged in.
    const events = page.getByRole('list', { name: 'Activity' });
    await visible(events);
    const lines = await events.getByRole('listitem').getByRole('link').allInnerTexts();
    expect(lines.slice(0, 5)).toEqual([
      'Signed in with the password and a backup code',
      'Failed sign-in: right password, wrong backup code',
      'Signed in with the password and a backup code',
      'Signed in with the password and an authenticator code',
      'Two-factor authentication turned on',
    ]);
    await screenshot(page, 'activity');
  });

  it('regenerates the backup codes and turns two-factor off from the Security screen', async () => {
    const user = await e2e.signUp('tom');
    const { app, backupCodes: oldCodes } = await api.enableTwoFactor(e2e.apiBase, user.token);
    const page = await e2e.open({ session: user });
    const { twoFactor } = await openSecurityScreen(page);
    await visible(twoFactor.getByText('On', { exact: true }));

    // New codes for a current code; the old ones stop working.
    await twoFactor.getByRole('button', { name: 'Regenerate backup codes' }).click();
    await twoFactor.getByLabel('6-digit code').fill(app.nextCode());
    await twoFactor.getByRole('button', { name: 'Regenerate', exact: true }).click();
    const codeList = twoFactor.getByRole('list', { name: 'Backup codes' });
    await visible(codeList);
    const newCodes = (await codeList.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
    expect(newCodes).toHaveLength(10);
    expect(newCodes.filter((code) => oldCodes.includes(code))).toEqual([]);
    await twoFactor.getByRole('button', { name: 'I have saved these codes' }).click();

    // Off with one of the new backup codes and the password; then the password alone signs in.
    await twoFactor.getByRole('button', { name: 'Turn off', exact: true }).click();
    await twoFactor.getByLabel('Code', { exact: true }).fill(newCodes[0]!);
    await twoFactor.getByLabel('Password', { exact: true }).fill(user.password);
    await twoFactor.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await visible(twoFactor.getByText('Off', { exact: true }));
    await visible(twoFactor.getByRole('button', { name: 'Set up two-factor authentication' }));

    await signOutFromMenu(page);
    await submitPasswordSignIn(page, user.username, user.password);
    await inLibraryAs(page, user.username);
  });
});
