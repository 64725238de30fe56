import { describe, expect, it } from 'vitest';
import * as api from './support/api';
import { useE2e } from './support/e2e';
import { inLibraryAs, openSecurityScreen, submitPasswordSignIn } from './support/sign-in';
import { hidden, poll, storageItem, visible } from './support/ui';

const e2e = useE2e();

/** Another device, named "Firefox on Windows" by the server. */
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

async function signInElsewhere(identifier: string, password: string) {
  const result = await api.signIn(e2e.apiBase, identifier, password, { userAgent: FIREFOX_ON_WINDOWS });
  if (!('token' in result)) throw new Error('expected a session, got the two-factor step');
  return result.token;
}

describe('Security screen: signed-in devices', () => {
  it('lists another signed-in device and signs it out; its token stops working', async () => {
    const user = await e2e.signUp('sam');
    const otherToken = await signInElsewhere(user.username, user.password);
    const page = await e2e.open({ session: user });
    const { sessions } = await openSecurityScreen(page);

    const items = sessions.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
    await poll(() => items.count()).toBe(2);
    await visible(items.filter({ hasText: 'This device' }));
    const other = items.filter({ hasText: 'Firefox on Windows' });
    await visible(other);
    expect(await other.getByText('This device').count()).toBe(0);
    expect(await api.sessionStatus(e2e.apiBase, otherToken)).toBe(200);

    await sessions.getByRole('button', { name: 'Sign out Firefox on Windows' }).click();
    await hidden(other);
    await poll(() => items.count()).toBe(1);
    expect(await api.sessionStatus(e2e.apiBase, otherToken)).toBe(401);
    // This device stays signed in.
    expect(await api.sessionStatus(e2e.apiBase, user.token)).toBe(200);
  });
});

describe('Security screen: password', () => {
  it('changes the password, signs the other device out, and the old password no longer signs in', async () => {
    const user = await e2e.signUp('pat');
    const newPassword = 'copper meadow sundial 77';
    const otherToken = await signInElsewhere(user.email, user.password);
    const page = await e2e.open({ session: user });
    const { password } = await openSecurityScreen(page);

    await password.getByLabel('Current password', { exact: true }).fill(user.password);
    await password.getByLabel('New password', { exact: true }).fill(newPassword);
    await password.getByRole('button', { name: 'Change password' }).click();
    const status = password.getByRole('status');
    await visible(status);
    expect(await status.innerText()).toBe('Password changed. 1 other session was signed out.');
    expect(await password.getByLabel('Current password', { exact: true }).inputValue()).toBe('');

    expect(await api.sessionStatus(e2e.apiBase, otherToken)).toBe(401);
    expect(await api.sessionStatus(e2e.apiBase, user.token)).toBe(200);

    // On the login screen of another browser: the old password is refused, the new one signs in.
    const login = await e2e.open();
    await login.goto('/login');
    await submitPasswordSignIn(login, user.username, user.password);
    const alert = login.getByRole('alert');
    await visible(alert);
    expect(await alert.innerText()).toBe('Invalid username/e-mail or password');
    expect(await storageItem(login, 'auth_token')).toBeNull();

    await login.getByLabel('Password', { exact: true }).fill(newPassword);
    await login.getByRole('button', { name: 'Sign in', exact: true }).click();
    await inLibraryAs(login, user.username);
  });
});
