import { randomBytes } from 'node:crypto';
import type {
  AuthResult,
  IdentityProviderSignInBody,
  IdentityProviderSignInResult,
  IdentityProviderStartResponse,
  IdentityProviderTwoFactorBody,
} from '@fanout/contracts';
import type { IDToken } from 'openid-client';
import type { AppContext } from '../context';
import { AppError, notFound, unauthorized } from '../http/errors';
import { findUserById } from '../repositories/users.repository';
import { restoreChallenge, storeChallenge, useChallenge } from './challenges.service';
import { completeHeldIdentity, findOrCreateIdentityUser, type VerifiedIdentity } from './identity-accounts.service';
import { assertNotThrottled, clearFailures, recordFailure, throttleKeys } from './login-throttle.service';
import { authorizationUrl, randomNonce, randomState, verifyIdToken, type IdentityProvider } from './oidc.service';
import { codeRefusalMessage, findEnabledTwoFactor, useSecondFactorCode } from './second-factor.service';
import { recordSecurityEvent, type RequestMeta } from './security-events.service';
import { finishSignIn, recordSignInFailure } from './sign-in.service';

function enabledProvider(ctx: AppContext): IdentityProvider {
  if (!ctx.identityProvider) throw notFound('Identity provider sign-in');
  return ctx.identityProvider;
}

/** 401 `{error: '<Provider> login failed: …', code}`. */
const failure = (idp: IdentityProvider) => (why: string, code: string) =>
  unauthorized(`${idp.name} login failed: ${why}`, code);

const EXPIRED = 'the sign-in expired or was already used. Try again';

/** What a sign-in held for the second factor needs to finish: the identity, and whether to link it. */
interface HeldSignIn {
  provider: string;
  subject: string;
  email: string;
  link: boolean;
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
 * e-mail address, or created. An existing account with two-factor on answers `{requires2FA, challengeKey}`
 * instead, with nothing linked yet: identityProviderSecondFactor finishes it.
 */
export async function identityProviderSignIn(
  ctx: AppContext,
  body: IdentityProviderSignInBody,
  meta: RequestMeta,
): Promise<IdentityProviderSignInResult> {
  const idp = enabledProvider(ctx);
  const failed = failure(idp);
  const stored = await useChallenge(ctx, 'oidc-state', body.state);
  if (!stored) throw failed(EXPIRED, 'identity_provider_state_invalid');

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

  const identity: VerifiedIdentity = {
    provider: configuration.serverMetadata().issuer,
    subject: claims.sub,
    email,
    name: typeof claims.name === 'string' ? claims.name : '',
  };
  // An existing account with two-factor on is not signed in to, nor linked, before its code is given.
  const found = await findOrCreateIdentityUser(ctx, identity, {
    holdFor: async (user) => (await findEnabledTwoFactor(ctx, user.id)) !== undefined,
  });
  if (found.held) {
    const challengeKey = randomBytes(32).toString('base64url');
    const held: HeldSignIn = { provider: identity.provider, subject: identity.subject, email, link: found.link };
    await storeChallenge(ctx, {
      purpose: 'oidc-second-factor',
      key: challengeKey,
      challenge: JSON.stringify(held),
      userId: found.user.id,
    });
    return { requires2FA: true, challengeKey };
  }
  const { user, linked, created } = found;
  if (created) await recordSecurityEvent(ctx, user.id, 'account_created', meta, { provider: idp.name });
  if (linked) await recordSecurityEvent(ctx, user.id, 'identity_linked', meta, { provider: idp.name });
  return finishSignIn(ctx, user, meta, { method: 'identity_provider', provider: idp.name });
}

/**
 * Finishes a sign-in held for the account's second factor. The ticket is taken for the check, so two
 * submissions at once cannot both finish; after a wrong code (counted like a wrong code at password sign-in)
 * or a 429 it is put back with its original expiry for another try.
 */
export async function identityProviderSecondFactor(
  ctx: AppContext,
  body: IdentityProviderTwoFactorBody,
  meta: RequestMeta,
): Promise<AuthResult> {
  const idp = enabledProvider(ctx);
  const failed = failure(idp);
  const ipKey = throttleKeys.loginIp(ctx, meta.ip);
  await assertNotThrottled(ctx, [ipKey]);

  const ticket = await useChallenge(ctx, 'oidc-second-factor', body.challengeKey);
  const held = ticket?.user_id != null ? parseHeld(ticket.challenge) : undefined;
  if (!ticket?.user_id || !held) throw failed(EXPIRED, 'identity_provider_state_invalid');
  const userId = ticket.user_id;
  const accountKey = throttleKeys.loginAccount(ctx, userId, '');
  // A wrong code counts against this address's own count on the account too (see beginPasswordSignIn).
  const ownKey = meta.ip ? [throttleKeys.loginAccountAtAddress(ctx, userId, meta.ip)] : [];
  const keys = [accountKey, ipKey];
  try {
    await assertNotThrottled(ctx, keys);
  } catch (err) {
    await restoreChallenge(ctx, ticket);
    throw err;
  }

  // Two-factor turned off (or the account gone) in the meantime: a new sign-in decides afresh.
  const row = await findEnabledTwoFactor(ctx, userId);
  const user = row && (await findUserById(ctx.db, userId));
  if (!row || !user) throw failed(EXPIRED, 'identity_provider_state_invalid');

  const check = await useSecondFactorCode(ctx, row, body.twoFactorToken, body.isBackupCode ? 'backup' : 'either');
  if (!check.ok) {
    await recordFailure(ctx, [...keys, ...ownKey]);
    const method = body.isBackupCode ? 'backup_code' : 'two_factor';
    await recordSignInFailure(ctx, userId, meta, { method, provider: idp.name });
    await restoreChallenge(ctx, ticket);
    throw unauthorized(codeRefusalMessage(check.reason), 'invalid_two_factor_code');
  }
  await clearFailures(ctx, accountKey);

  const done = await completeHeldIdentity(ctx, userId, held, held.link);
  if (!done) throw failed(EXPIRED, 'identity_provider_state_invalid');
  if (done.linked) await recordSecurityEvent(ctx, userId, 'identity_linked', meta, { provider: idp.name });
  return finishSignIn(ctx, user, meta, { method: 'identity_provider', provider: idp.name });
}

function parseHeld(stored: string): HeldSignIn | undefined {
  try {
    const held = JSON.parse(stored) as Partial<HeldSignIn>;
    if (typeof held.provider !== 'string' || typeof held.subject !== 'string') return undefined;
    if (typeof held.email !== 'string' || typeof held.link !== 'boolean') return undefined;
    return { provider: held.provider, subject: held.subject, email: held.email, link: held.link };
  } catch {
    return undefined;
  }
}
