import type { BrowserContext, CDPSession, Page } from 'playwright-core';

async function getCredentials(cdp: CDPSession, authenticatorId: string) {
  return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
}

/** A passkey as the virtual authenticator holds it, private key included. */
export type PasskeyCredential = Awaited<ReturnType<typeof getCredentials>>[number];

/**
 * Chromium's virtual authenticator (DevTools protocol) on one tab: a platform authenticator that keeps
 * discoverable credentials, verifies the user and confirms presence by itself, so create() and get()
 * answer without a prompt.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  return {
    /** The passkeys this authenticator holds. */
    credentials: () => getCredentials(cdp, authenticatorId),
    /** Puts a passkey (say, one made in another browser context) on this authenticator. */
    async addCredential(credential: PasskeyCredential): Promise<void> {
      await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
    },
  };
}

export type VirtualAuthenticator = Awaited<ReturnType<typeof addVirtualAuthenticator>>;

/**
 * Makes the context's pages a browser without passkey autofill (conditional mediation), as some browsers are.
 * Needed to test an explicit passkey button: Chromium's virtual authenticator answers an autofill request
 * by itself at once, as if the person had picked the passkey before they could click anything.
 */
export async function withoutPasskeyAutofill(context: BrowserContext) {
  await context.addInitScript(() => {
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
      configurable: true,
      value: () => Promise.resolve(false),
    });
  });
}
