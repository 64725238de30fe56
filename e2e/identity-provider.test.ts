import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startOidcTestProvider, type OidcTestProvider } from '../apps/server/test/oidc-test-provider';
import * as api from './support/api';
import { useE2e } from './support/e2e';
import { inLibraryAs } from './support/sign-in';
import { atPath, storageItem, visible } from './support/ui';

const CLIENT_ID = 'fanout-e2e';
const PROVIDER_NAME = 'Acme ID';

let provider: OidcTestProvider | undefined;
/** A real OpenID provider on loopback, registered with the app server's own redirect URI. */
const e2e = useE2e({
  env: async (origin) => {
    provider = await startOidcTestProvider({ clientId: CLIENT_ID, redirectUri: `${origin}/login/oidc-callback` });
    return { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_PROVIDER_NAME: PROVIDER_NAME };
  },
});
afterAll(() => provider?.close());

let people = 0;

/** Someone with an account at the provider, who is the next to sign in there. */
function personAtProvider(account: { email_verified: boolean; email?: string }) {
  if (!provider) throw new Error('The identity provider is not running (see useE2e env)');
  people += 1;
  const subject = `acme-subject-${people}`;
  const person = { email: `ada.lovelace${people}@mail.example`, name: 'Ada Lovelace', ...account };
  provider.accounts.set(subject, person);
  provider.nextSubject = subject;
  return { subject, ...person, username: `ada.lovelace${people}` };
}

/** Every address the tab's main frame was at, in order (redirects included). */
function visitedUrls(page: Page) {
  const urls: URL[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) urls.push(new URL(request.url()));
  });
  return urls;
}

async function continueWithProvider(page: Page) {
  await page.goto('/login');
  await page.getByRole('button', { name: `Continue with ${PROVIDER_NAME}` }).click();
}

describe('sign-in with the identity provider', () => {
  it('goes through the provider and back, creates the account from its name and e-mail, and opens the library', async () => {
    const person = personAtProvider({ email_verified: true });
    const page = await e2e.open();
    const visited = visitedUrls(page);
    await continueWithProvider(page);
    await inLibraryAs(page, person.username);

    const issuer = new URL(provider!.issuer);
    const atProvider = visited.filter((url) => url.origin === issuer.origin);
    expect(atProvider[0]?.pathname, 'first stop at the provider').toBe('/auth');
    expect(atProvider[0]?.searchParams.get('client_id')).toBe(CLIENT_ID);
    const callback = visited.findIndex((url) => url.pathname === '/login/oidc-callback');
    expect(callback, 'back at the callback page').toBeGreaterThan(visited.indexOf(atProvider[0]!));
    // The ID token left the address bar.
    expect(new URL(page.url()).hash).toBe('');

    await page.getByRole('button', { name: `Account menu for ${person.username}` }).click();
    await visible(page.getByRole('banner').getByRole('menu').getByText(person.email, { exact: true }));
    const token = await storageItem(page, 'auth_token');
    const me = await fetch(`${e2e.apiBase}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { user: unknown }).user).toMatchObject({
      username: person.username,
      email: person.email,
      fullName: 'Ada Lovelace',
    });
  });

  it('ends on "Sign-in failed" with the server’s reason when the provider has not verified the e-mail', async () => {
    personAtProvider({ email_verified: false });
    const page = await e2e.open();
    await continueWithProvider(page);

    await atPath(page, '/login/oidc-callback');
    await visible(page.getByRole('heading', { name: 'Sign-in failed' }));
    const alert = page.getByRole('alert');
    await visible(alert);
    expect(await alert.innerText()).toBe(
      `${PROVIDER_NAME} login failed: your ${PROVIDER_NAME} e-mail address is not verified`,
    );
    expect(await storageItem(page, 'auth_token')).toBeNull();

    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await atPath(page, '/login');
    await visible(page.getByRole('heading', { name: 'Welcome back' }));
  });

  it('asks an account with two-factor on for its code after the provider, and signs in only with it', async () => {
    const user = await e2e.signUp('tove');
    const { app } = await api.enableTwoFactor(e2e.apiBase, user.token);
    // The provider's verified e-mail address is the account's: signing in there links it, after the code.
    personAtProvider({ email_verified: true, email: user.email });
    const page = await e2e.open();
    await continueWithProvider(page);

    await atPath(page, '/login/oidc-callback');
    await visible(page.getByRole('heading', { name: 'Two-factor authentication' }));
    expect(await storageItem(page, 'auth_token'), 'signed in before the code').toBeNull();
    expect(new URL(page.url()).hash).toBe('');

    await page.getByLabel('6-digit code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await visible(page.getByRole('alert'));
    expect(await page.getByRole('alert').innerText()).toContain('That code is not valid');
    expect(await storageItem(page, 'auth_token')).toBeNull();

    await page.getByLabel('6-digit code').fill(app.nextCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await inLibraryAs(page, user.username);
    const token = await storageItem(page, 'auth_token');
    expect(await api.sessionStatus(e2e.apiBase, token!)).toBe(200);
  });
});
