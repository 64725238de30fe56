import { randomBytes } from 'node:crypto';
import type { AuthResult, PasskeyAuthenticateVerifyBody, PasskeyAuthenticationOptions } from '@fanout/contracts';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { AppContext } from '../context';
import { badRequest, unauthorized } from '../http/errors';
import { findPasskeyByCredentialId, recordPasskeyUse } from '../repositories/passkeys.repository';
import { findUserById } from '../repositories/users.repository';
import { storeChallenge, useChallenge } from './challenges.service';
import {
  assertNotThrottled,
  clearFailures,
  recordFailure,
  throttleKeys,
  type ThrottleKey,
} from './login-throttle.service';
import { relyingParty, WEBAUTHN_TIMEOUT_MS } from './passkeys.service';
import type { RequestMeta } from './security-events.service';
import { finishSignIn, recordSignInFailure } from './sign-in.service';

/**
 * Options for a discoverable ("username-less") sign-in: no allowCredentials, ever. The answer is the same
 * whatever was typed, so it never tells whether an account exists; the passkey picked names the account.
 */
export async function passkeyAuthenticationOptions(ctx: AppContext): Promise<PasskeyAuthenticationOptions> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).id,
    userVerification: 'required',
    timeout: WEBAUTHN_TIMEOUT_MS,
  });
  const challengeKey = randomBytes(32).toString('base64url');
  await storeChallenge(ctx, { purpose: 'passkey-authenticate', key: challengeKey, challenge: options.challenge });
  return { ...options, challengeKey } as PasskeyAuthenticationOptions;
}

const failed = () => unauthorized('Passkey sign-in failed. Try again or use another way to sign in', 'passkey_invalid');

/** Checks the signed assertion against the stored passkey; a passkey with user verification needs no 2FA code. */
export async function verifyPasskeySignIn(
  ctx: AppContext,
  body: PasskeyAuthenticateVerifyBody,
  meta: RequestMeta,
): Promise<AuthResult> {
  const ipKey = throttleKeys.passkeyIp(ctx, meta.ip);
  await assertNotThrottled(ctx, [ipKey]);
  const fail = async (keys: ThrottleKey[], error: Error) => {
    await recordFailure(ctx, keys);
    return error;
  };

  const stored = await useChallenge(ctx, 'passkey-authenticate', body.challengeKey);
  if (!stored) {
    throw await fail(
      [ipKey],
      badRequest('This sign-in request has expired or was already used. Start again', 'passkey_challenge_invalid'),
    );
  }
  const response = body.response as unknown as AuthenticationResponseJSON;
  const passkey = await findPasskeyByCredentialId(ctx.db, response.id);
  if (!passkey) {
    throw await fail([ipKey], unauthorized('This passkey is not registered here', 'passkey_unknown'));
  }
  const accountKey = throttleKeys.passkeyAccount(ctx, passkey.user_id);
  const keys = [ipKey, accountKey];
  await assertNotThrottled(ctx, [accountKey]);
  const accountFailed = async () => {
    await recordSignInFailure(ctx, passkey.user_id, meta, { method: 'passkey', deviceName: passkey.device_name });
    return fail(keys, failed());
  };
  if (response.response.userHandle && response.response.userHandle !== passkey.user_handle) {
    throw await accountFailed();
  }

  const rp = relyingParty(ctx);
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: stored.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
    if (!result.verified) throw new Error('assertion not verified');
    newCounter = result.authenticationInfo.newCounter;
    const used = await recordPasskeyUse(ctx.db, {
      id: passkey.id,
      expectedCounter: passkey.counter,
      newCounter,
      backedUp: result.authenticationInfo.credentialBackedUp,
      at: new Date(),
    });
    if (!used) throw new Error('passkey used concurrently');
  } catch (err) {
    // A lower counter than stored means the key may have been cloned: refuse, and say nothing more.
    ctx.log.warn({ err: (err as Error).message, passkeyId: passkey.id }, 'passkey sign-in refused');
    throw await accountFailed();
  }

  const user = await findUserById(ctx.db, passkey.user_id);
  if (!user) throw failed();
  await clearFailures(ctx, accountKey);
  return finishSignIn(ctx, user, meta, { method: 'passkey', deviceName: passkey.device_name });
}
