import type { AuthResult, IdentityProviderSignInBody, IdentityProviderStartResponse } from '@fanout/contracts';
import type { IDToken } from 'openid-client';
import type { AppContext } from '../context';
import { AppError, notFound, unauthorized } from '../http/errors';
import { storeChallenge, useChallenge } from './challenges.service';
import { findOrCreateIdentityUser } from './identity-accounts.service';
import { authorizationUrl, randomNonce, randomState, verifyIdToken, type IdentityProvider } from './oidc.service';
import { recordSecurityEvent, type RequestMeta } from './security-events.service';
import { finishSignIn } from './sign-in.service';

function enabledProvider(ctx: AppContext): IdentityProvider {
  if (!ctx.identityProvider) throw notFound('Identity provider sign-in');
  return ctx.identityProvider;
}

async function providerConfiguration(ctx: AppContext, idp: IdentityProvider) {
  try {
    return await idp.configuration();
  } catch (err) {
    ctx.log.error({ err }, 'identity provider discovery failed');
    throw new AppError(
      503,
      'identity_provider_unavailable',
      `${idp.name} sign-in is unavailable right now. Try again later`,
    );
  }
}

/** A state and nonce for one attempt (single use, 5 minutes) and the provider's page to send the person to. */
export async function startIdentityProviderSignIn(ctx: AppContext): Promise<IdentityProviderStartResponse> {
  const idp = enabledProvider(ctx);
  const configuration = await providerConfiguration(ctx, idp);
  const state = randomState();
  const nonce = randomNonce();
  await storeChallenge(ctx, { purpose: 'oidc-state', key: state, challenge: nonce });
  return {
    authorizationUrl: authorizationUrl(idp, configuration, state, nonce),
    redirectUri: idp.redirectUri,
    state,
    nonce,
    clientId: idp.clientId,
  };
}

/**
 * Signs in with the provider's ID token. Nothing in it is trusted until its signature, issuer, audience,
 * expiry and nonce check out; an account is then found by the provider's subject, or linked by a verified
 * e-mail address, or created.
 */
export async function identityProviderSignIn(
  ctx: AppContext,
  body: IdentityProviderSignInBody,
  meta: RequestMeta,
): Promise<AuthResult> {
  const idp = enabledProvider(ctx);
  const failed = (why: string, code: string) => unauthorized(`${idp.name} login failed: ${why}`, code);
  const stored = await useChallenge(ctx, 'oidc-state', body.state);
  if (!stored) throw failed('the sign-in expired or was already used. Try again', 'identity_provider_state_invalid');

  const configuration = await providerConfiguration(ctx, idp);
  let claims: IDToken;
  try {
    claims = await verifyIdToken(idp, configuration, body.credential, body.state, stored.challenge);
  } catch (err) {
    ctx.log.info({ err: (err as Error).message }, 'identity provider token refused');
    throw failed('the sign-in could not be verified. Try again', 'identity_provider_token_invalid');
  }
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email) throw failed('no e-mail address was shared', 'identity_provider_email_missing');
  if (claims.email_verified !== true && claims.email_verified !== 'true') {
    throw failed(`your ${idp.name} e-mail address is not verified`, 'identity_provider_email_unverified');
  }

  const { user, linked, created } = await findOrCreateIdentityUser(ctx, {
    provider: configuration.serverMetadata().issuer,
    subject: claims.sub,
    email,
    name: typeof claims.name === 'string' ? claims.name : '',
  });
  if (created) await recordSecurityEvent(ctx, user.id, 'account_created', meta, { provider: idp.name });
  if (linked) await recordSecurityEvent(ctx, user.id, 'identity_linked', meta, { provider: idp.name });
  return finishSignIn(ctx, user, meta, { method: 'identity_provider', provider: idp.name });
}
