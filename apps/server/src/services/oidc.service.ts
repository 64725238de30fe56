import * as oidc from 'openid-client';
import type { Config } from '../config/env';

/**
 * The configured OpenID Connect provider (Google by default). Its discovery document and signing keys are
 * fetched over HTTPS on first use and cached; a failed discovery is retried on the next sign-in.
 */
export interface IdentityProvider {
  /** the path segment of its sign-in call: /api/auth/google */
  id: 'google';
  name: string;
  clientId: string;
  /** where the provider sends the browser back, with `#id_token=…&state=…` */
  redirectUri: string;
  configuration(): Promise<oidc.Configuration>;
}

/** The page of the web app that receives the provider's answer. */
export const OIDC_CALLBACK_PATH = '/login/oidc-callback';

const DISCOVERY_TIMEOUT_SECONDS = 10;

export function createIdentityProvider(config: Pick<Config, 'oidc' | 'publicUrl'>): IdentityProvider | undefined {
  const settings = config.oidc;
  if (!settings) return undefined;
  let discovered: Promise<oidc.Configuration> | undefined;
  const issuer = new URL(settings.issuer);
  // Plain http is only ever allowed for a provider on this machine (config refuses anything else).
  const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];

  return {
    id: 'google',
    name: settings.providerName,
    clientId: settings.clientId,
    redirectUri: `${config.publicUrl}${OIDC_CALLBACK_PATH}`,
    configuration() {
      discovered ??= oidc
        .discovery(issuer, settings.clientId, undefined, oidc.None(), {
          execute: [...execute, oidc.useIdTokenResponseType],
          timeout: DISCOVERY_TIMEOUT_SECONDS,
        })
        .catch((err: unknown) => {
          discovered = undefined;
          throw err;
        });
      return discovered;
    },
  };
}

/** The provider's sign-in page for one attempt: the ID token comes back in the URL fragment. */
export function authorizationUrl(
  idp: IdentityProvider,
  configuration: oidc.Configuration,
  state: string,
  nonce: string,
) {
  return oidc
    .buildAuthorizationUrl(configuration, {
      redirect_uri: idp.redirectUri,
      scope: 'openid email profile',
      state,
      nonce,
    })
    .toString();
}

/**
 * Verifies an ID token as openid-client does for the implicit flow: signature against the provider's
 * published keys, issuer, audience (and azp), expiry and issue time, and that its nonce is the one we issued.
 */
export async function verifyIdToken(
  idp: IdentityProvider,
  configuration: oidc.Configuration,
  idToken: string,
  state: string,
  expectedNonce: string,
): Promise<oidc.IDToken> {
  const response = new URL(idp.redirectUri);
  response.hash = new URLSearchParams({ id_token: idToken, state }).toString();
  return oidc.implicitAuthentication(configuration, response, expectedNonce, { expectedState: state });
}

export const randomState = oidc.randomState;
export const randomNonce = oidc.randomNonce;
