import type { Passkey, PasskeyRegistrationOptions, PasskeyRegisterVerifyBody } from '@fanout/contracts';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
  type VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { AppContext } from '../context';
import type { AuthUser } from '../http/auth-guard';
import { badRequest, conflict } from '../http/errors';
import { findPasskeyByCredentialId, insertPasskey, listPasskeys } from '../repositories/passkeys.repository';
import { isUniqueViolation } from '../repositories/users.repository';
import { storeChallenge, useChallenge } from './challenges.service';
import { relyingParty, toPasskey, WEBAUTHN_TIMEOUT_MS } from './passkeys.service';
import { recordSecurityEvent, type RequestMeta } from './security-events.service';
import { describeDevice } from './user-agent.service';

/**
 * The WebAuthn user handle: random-looking and free of personal data, the same for all of a user's passkeys
 * (an authenticator keeps one passkey per site and handle).
 */
async function userHandleFor(ctx: AppContext, userId: number): Promise<string> {
  const existing = (await listPasskeys(ctx.db, userId))[0];
  if (existing) return existing.user_handle;
  return Buffer.from(ctx.secretBox.mac('webauthn-user-handle', String(userId)), 'hex').toString('base64url');
}

export async function passkeyRegistrationOptions(ctx: AppContext, user: AuthUser): Promise<PasskeyRegistrationOptions> {
  const rp = relyingParty(ctx);
  const existing = await listPasskeys(ctx.db, user.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.username,
    userID: isoBase64URL.toBuffer(await userHandleFor(ctx, user.id)),
    attestationType: 'none',
    // A passkey names its account by itself (discoverable) and proves who holds it (user verification),
    // which is what lets a passkey sign-in stand in for password and second factor together.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports })),
    timeout: WEBAUTHN_TIMEOUT_MS,
  });
  await storeChallenge(ctx, {
    purpose: 'passkey-register',
    key: options.challenge,
    challenge: options.challenge,
    userId: user.id,
  });
  return options as PasskeyRegistrationOptions;
}

/** The challenge the browser signed, read from clientDataJSON: it is the key of the stored challenge. */
function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

export async function verifyPasskeyRegistration(
  ctx: AppContext,
  user: AuthUser,
  body: PasskeyRegisterVerifyBody,
  meta: RequestMeta,
): Promise<Passkey> {
  const response = body.response as unknown as RegistrationResponseJSON;
  const challengeKey = signedChallenge(response.response.clientDataJSON);
  const stored = challengeKey ? await useChallenge(ctx, 'passkey-register', challengeKey) : undefined;
  if (!stored || stored.user_id !== user.id) {
    throw badRequest('This passkey request has expired or was already used. Start again', 'passkey_challenge_invalid');
  }
  const rp = relyingParty(ctx);
  let verification: VerifiedRegistrationResponse;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: stored.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (err) {
    ctx.log.info({ err: (err as Error).message }, 'passkey registration refused');
    throw badRequest('The passkey could not be verified. Try again', 'passkey_invalid');
  }
  if (!verification.verified) throw badRequest('The passkey could not be verified. Try again', 'passkey_invalid');

  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const taken = () => conflict('This passkey is already registered', 'passkey_exists');
  if (await findPasskeyByCredentialId(ctx.db, credential.id)) throw taken();
  const deviceName = body.deviceName || describeDevice(meta.userAgent);
  const userHandle = await userHandleFor(ctx, user.id);
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      const inserted = await insertPasskey(trx, {
        userId: user.id,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? response.response.transports ?? [],
        userHandle,
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        deviceName,
      });
      await recordSecurityEvent(ctx, user.id, 'passkey_added', meta, { deviceName }, trx);
      return inserted;
    });
    return toPasskey(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}
